/**
 * Lazily loaded pages, one chunk per feature folder. Pages come only from
 * `src/client/features/<domain>/index.ts`, so feature work never touches the route files.
 */
import * as React from 'react';

// biome-ignore lint/suspicious/noExplicitAny: page components take no props of their own
type Page = React.ComponentType<any>;

function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const C = React.lazy(async () => ({ default: (await load())[name] as Page }));
  return C;
}

const catalogue = () => import('../features/catalogue/index.ts');
const qr = () => import('../features/qr/index.ts');
const jobs = () => import('../features/jobs/index.ts');
const organisations = () => import('../features/organisations/index.ts');
const account = () => import('../features/account/index.ts');
const reports = () => import('../features/reports/index.ts');
const serviceOrders = () => import('../features/service-orders/index.ts');
const billing = () => import('../features/billing/index.ts');
const videos = () => import('../features/videos/index.ts');
const dashboard = () => import('../features/dashboard/index.ts');

export const CategoriesPage = lazyPage(catalogue, 'CategoriesPage');
export const SubcategoriesPage = lazyPage(catalogue, 'SubcategoriesPage');
export const ProductsPage = lazyPage(catalogue, 'ProductsPage');

export const QrCodePage = lazyPage(qr, 'QrCodePage');
export const TagsPage = lazyPage(qr, 'TagsPage');
export const TagsReplacePage = lazyPage(qr, 'TagsReplacePage');
export const FieldTagPage = lazyPage(qr, 'FieldTagPage');

export const JobsPage = lazyPage(jobs, 'JobsPage');

export const CompanyUsersPage = lazyPage(organisations, 'CompanyUsersPage');
export const CompaniesPage = lazyPage(organisations, 'CompaniesPage');
export const CompanyGroupsPage = lazyPage(organisations, 'CompanyGroupsPage');
export const UserCompaniesPage = lazyPage(organisations, 'UserCompaniesPage');
export const UsersPage = lazyPage(organisations, 'UsersPage');
export const ConfigSystemPage = lazyPage(organisations, 'ConfigSystemPage');

export const RegisterPage = lazyPage(account, 'RegisterPage');
export const PasswordResetPage = lazyPage(account, 'PasswordResetPage');
export const ActiveEnvironmentPage = lazyPage(account, 'ActiveEnvironmentPage');
export const ProfilePage = lazyPage(account, 'ProfilePage');
export const ChangePasswordPage = lazyPage(account, 'ChangePasswordPage');
export const ForgotPasswordDialog = React.lazy(async () => ({
  default: (await account()).ForgotPasswordDialog,
}));

export const InspectionsPage = lazyPage(reports, 'InspectionsPage');
export const MaintenancesPage = lazyPage(reports, 'MaintenancesPage');
export const ReportPage = lazyPage(reports, 'ReportPage');

export const OsListPage = lazyPage(serviceOrders, 'OsListPage');
export const CreateOsPage = lazyPage(serviceOrders, 'CreateOsPage');

export const MyPlanPage = lazyPage(billing, 'MyPlanPage');
export const BuyTagPage = lazyPage(billing, 'BuyTagPage');
export const PlansPage = lazyPage(billing, 'PlansPage');

export const VideoLessonsPage = lazyPage(videos, 'VideoLessonsPage');

export const DashboardPage = lazyPage(dashboard, 'DashboardPage');
export const OperatorHomePage = lazyPage(dashboard, 'OperatorHomePage');
