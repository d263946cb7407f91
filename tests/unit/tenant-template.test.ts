import { describe, expect, it } from 'vitest';
import { cleanDump } from '../../src/server/db/tenant-template.ts';

describe('cleanDump (tenant template)', () => {
  it('keeps statements and comments; drops SET, search_path, meta-commands, ownership and the schema', () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '\\restrict abc123',
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'CREATE SCHEMA cg_tpl_0a1b;',
      'CREATE TABLE cg_tpl_0a1b.tags (',
      '    id bigint NOT NULL',
      ');',
      'ALTER TABLE cg_tpl_0a1b.tags OWNER TO postgres;',
      "INSERT INTO cg_tpl_0a1b.kysely_migration VALUES ('0001_foundation', 'x');",
      '\\unrestrict abc123',
      '',
    ].join('\n');
    expect(cleanDump(dump, 'cg_tpl_0a1b')).toBe(
      [
        '--',
        '-- PostgreSQL database dump',
        'CREATE TABLE cg_tpl_0a1b.tags (',
        '    id bigint NOT NULL',
        ');',
        "INSERT INTO cg_tpl_0a1b.kysely_migration VALUES ('0001_foundation', 'x');",
        '',
      ].join('\n'),
    );
  });
});
