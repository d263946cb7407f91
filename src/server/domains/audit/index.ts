/**
 * The audit domain's public file (issue 27 item 2): nothing of it is needed by another domain (the
 * log is written by the database's triggers and the kit's header, kit/audit-header.ts).
 */
export {};
