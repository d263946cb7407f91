import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, loadConfig, mapTileOrigin } from '../../src/server/config.ts';

describe('MAP_TILE_URL', () => {
  it('its origin is what the CSP allows in img-src', () => {
    expect(mapTileOrigin(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(mapTileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(mapTileOrigin('http://LOCALHOST:8080/tiles/{z}/{x}/{y}')).toBe('http://localhost:8080');
  });

  it('refuses what cannot be a tile template or a CSP source', () => {
    for (const bad of [
      'https://tile.example.com/{z}/{x}.png',
      'ftp://tile.example.com/{z}/{x}/{y}',
      'https://a{s}.example.com/{z}/{x}/{y}',
      'https://user@example.com/{z}/{x}/{y}',
      "https://x.com;script-src 'unsafe-eval'/{z}/{x}/{y}",
      'tile.example.com/{z}/{x}/{y}',
    ])
      expect(mapTileOrigin(bad), bad).toBeNull();
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(10), MAP_TILE_URL: 'nope' })).toThrow(/MAP_TILE_URL/);
  });
});
