import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningFields } from '../../../src/server/main.ts';

/**
 * Issue 16 item 14: the start log named `localhost` when PUBLIC_URL said otherwise. The line's
 * `url` is PUBLIC_URL when it is set (where users open the product) and `listen` the bound address.
 */
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** Starts `src/server/main.ts` and answers its parsed "server listening" line. */
function listeningLine(env: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_CONCURRENCY: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const line = out.split('\n').find((l) => l.includes('"msg":"server listening"'));
      if (line) resolve(JSON.parse(line) as Record<string, unknown>);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out.slice(-2000)}`)));
  });
}

describe('the start log names PUBLIC_URL', () => {
  it('builds the line from PUBLIC_URL when set, else from the bound address', () => {
    expect(listeningFields('0.0.0.0', 3000, 'https://inspecoes.example.com/')).toEqual({
      url: 'https://inspecoes.example.com',
      listen: 'http://0.0.0.0:3000',
    });
    expect(listeningFields('0.0.0.0', 3000, undefined)).toEqual({
      url: 'http://localhost:3000',
      listen: 'http://0.0.0.0:3000',
    });
    expect(listeningFields('127.0.0.1', 8080, undefined).url).toBe('http://127.0.0.1:8080');
    expect(listeningFields('::1', 8080, undefined)).toEqual({
      url: 'http://[::1]:8080',
      listen: 'http://[::1]:8080',
    });
  });

  it('a real server process logs PUBLIC_URL as its url, and answers on the address it logs as listen', async () => {
    const line = await listeningLine({ PUBLIC_URL: 'https://inspecoes.example.com' });
    expect(line.url).toBe('https://inspecoes.example.com');
    expect(line.listen).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(JSON.stringify(line)).not.toContain('localhost');
    const health = await fetch(`${line.listen as string}/health`);
    expect(health.status).toBe(200);
  });
});
