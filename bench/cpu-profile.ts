/** The in-process CPU profile the probes print (bench/query-probe.ts, bench/write-probe.ts). */
/** Runs `call` n times (10 at a time) under the inspector's profiler; prints the top self times. */
export async function cpuProfile(n: number, call: () => Promise<Response> | Response) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  const started = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i += 10)
    await Promise.all(Array.from({ length: 10 }, () => Promise.resolve(call()).then((r) => r.arrayBuffer())));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(started);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  // CPU_OUT=file keeps the profile (Chrome DevTools opens it) for a closer look.
  if (process.env.CPU_OUT)
    (await import('node:fs')).writeFileSync(process.env.CPU_OUT, JSON.stringify(profile));
  const total = profile.samples?.length ?? 1;
  const byFn = new Map<string, number>();
  const byPkg = new Map<string, number>();
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const node of profile.nodes) {
    const hits = counts.get(node.id) ?? 0;
    if (!hits) continue;
    const f = node.callFrame;
    const url = f.url.replace(/^file:\/\//, '').replace(process.cwd(), '');
    const pkg = url.includes('node_modules/')
      ? url
          .split('node_modules/')[1]!
          .split('/')
          .slice(0, url.includes('node_modules/@') ? 2 : 1)
          .join('/')
      : url.startsWith('/src')
        ? 'src'
        : url || f.functionName;
    const key = `${f.functionName || '(anon)'} ${url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + hits);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / total).toFixed(1).padStart(5)}%`;
  console.log(
    `  CPU: ${((cpu.user + cpu.system) / n).toFixed(0)} µs/call (${(wall / n).toFixed(2)} ms wall/call, 10 concurrent)`,
  );
  for (const [k, h] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${pct(h)}  ${k}`);
  console.log('  --');
  for (const [k, h] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${pct(h)}  ${k}`);
}
