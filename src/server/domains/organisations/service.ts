/** Organisations: company groups, companies, employees, all users, company switch. */
export * from './companies.ts';
export * from './company-groups.ts';
export * from './company-users.ts';
export * from './group-deletion.ts';
export * from './migration-hooks.ts';
export * from './users-admin.ts';
