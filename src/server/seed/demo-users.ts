/** Demo logins printed by `npm start` and used by the browser tests. */
export const DEMO_PASSWORD = 'Demo@123';
export const DEMO_GROUP_SCHEMA = 'demo';

export const DEMO_USERS = [
  {
    email: 'admin@equipcheck.dev',
    name: 'Ana Provedora',
    role: 'MOBCHECK_ADMIN',
    status: 'ACTIVE',
    occupation: 'Administradora da plataforma',
  },
  {
    email: 'group.admin@equipcheck.dev',
    name: 'Gustavo Grupo',
    role: 'COMPANY_GROUP_ADMIN',
    status: 'ACTIVE',
    occupation: 'Gerente de segurança',
  },
  {
    email: 'company.admin@equipcheck.dev',
    name: 'Carla Empresa',
    role: 'COMPANY_ADMIN',
    status: 'ACTIVE',
    occupation: 'Coordenadora',
  },
  {
    email: 'operator@equipcheck.dev',
    name: 'Otávio Operador',
    role: 'COMPANY_OPERATOR',
    status: 'ACTIVE',
    occupation: 'Técnico de inspeção',
  },
  {
    email: 'pending@equipcheck.dev',
    name: 'Paula Pendente',
    role: 'COMPANY_GROUP_ADMIN',
    status: 'PENDING',
    occupation: 'Compradora',
  },
] as const;
