export * from './audit';
export * from './catalogue';
export * from './jurisdictions';
export * from './oidc';
export * from './users';
