export * from './audit';
export * from './bridges';
export * from './catalogue';
export * from './jurisdictions';
export * from './oidc';
export * from './operators';
export * from './users';
export * from './platform';
