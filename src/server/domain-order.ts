/**
 * The dependency order between the server's domains (issue 27 item 2), low → high. A domain may
 * import only domains of LOWER levels, and of them only their public file `<domain>/index.ts`;
 * two domains of one level never import each other. A write's side effects in a higher domain go
 * through in-transaction events (kit/events.ts): the lower domain declares and publishes, the
 * higher one subscribes. `tests/unit/domain-order.test.ts` reads the sources and fails otherwise,
 * and when a folder of src/server/domains is missing here or listed twice. docs/conventions.md
 * says why each domain stands where it does.
 */
export const DOMAIN_LEVELS: readonly (readonly string[])[] = [
  // platform: sessions and sign-in, postal codes, public settings
  ['auth', 'cep', 'config'],
  // platform: jobs' downloads and board; the user's own account and provisioning a group
  ['jobs', 'account'],
  ['catalogue'],
  // company groups, companies, users; what a group's plan and payment state refuse
  ['organisations'],
  ['qr'],
  ['tags'],
  ['equipment'],
  // photos on field records (issue 29): read the records through equipment; the seal and documents read them
  ['photos'],
  // signatures and sealed records: the documents' PDF shows them
  ['seals'],
  // built on equipment; visits (issue 30) read the equipment's cycles through equipment's public file
  // imports (issue 31) write equipment through its bulk register
  ['documents', 'reports', 'dashboard', 'notifications', 'visits', 'imports'],
  // the offline working set: equipment's forms and cycles, and the technician's visits (issue 30 item 4)
  ['field'],
  // service orders lay out their PDF with the documents' words
  ['service-orders'],
  // the building dossier (issue 30 item 5): equipment, cycles, seals and service orders of a company
  ['dossier'],
  // consumers: they subscribe to the others' events; nothing imports them
  ['webhooks', 'billing', 'videos', 'analytics', 'audit'],
];
