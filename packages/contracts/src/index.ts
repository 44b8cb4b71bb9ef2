export * from './errors';
export * from './jurisdictions';
export * from './languages';
export * from './lists';
export * from './routes';
