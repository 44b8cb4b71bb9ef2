export * from './audit';
export * from './jurisdictions';
export * from './oidc';
export * from './users';
