/**
 * The dossier domain's public file (issue 27 item 2): nothing is imported from it (the building
 * dossier is a leaf: a REST/tRPC call and its job).
 */
export {};
