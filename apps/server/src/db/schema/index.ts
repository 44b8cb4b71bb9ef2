export * from './audit';
export * from './jurisdictions';
