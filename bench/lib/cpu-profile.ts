/**
 * A short reading of a `node --cpu-prof` profile: self time by package and the functions with
 * the most self time, over a window of the run (the load, not the start-up and seeding).
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds on the monotonic clock, the one process.hrtime reads. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Milliseconds of samples in the window, idle included. */
  windowMs: number;
  idleMs: number;
  /** Self time by package (or the VM's own entries), busiest first. */
  packages: { name: string; ms: number }[];
  /** Self time by function, busiest first. */
  functions: { name: string; where: string; ms: number }[];
}

/** Where a script comes from: the npm package, the app's bundle, Node itself or the VM. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native, V8 builtins)';
  if (url.startsWith('node:')) return 'node (core modules)';
  const at = url.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const [first, second] = url.slice(at + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (url.includes('/apps/api/dist/')) return 'app (apps/api, @pharm/*)';
  return url;
}

/**
 * Where a function is: its source file and line for the app's bundle (through the source map
 * beside it), the file under node_modules for a package, the module for Node's own code.
 */
function sourceLocator() {
  const maps = new Map<string, SourceMap>();
  return (url: string, line: number, column: number): string => {
    if (!url) return '';
    const inPackage = url.lastIndexOf('/node_modules/');
    if (inPackage >= 0) return `${url.slice(inPackage + 1)}:${line + 1}`;
    const mapFile = url.startsWith('file://') ? `${fileURLToPath(url)}.map` : '';
    if (!mapFile || !existsSync(mapFile)) return `${url}:${line + 1}`;
    let map = maps.get(url);
    if (!map) {
      map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
      maps.set(url, map);
    }
    const entry = map.findEntry(line, column);
    if (!('originalSource' in entry)) return `${url}:${line + 1}`;
    const source = entry.originalSource.replace(/^.*?\/(apps|packages)\//, '$1/');
    return `${source}:${entry.originalLine + 1}`;
  };
}

/** Self time in [fromUs, toUs] (monotonic microseconds) of the profile written to `file`. */
export function summariseProfile(file: string, fromUs: number, toUs: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  let windowUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < fromUs || t > toUs) continue;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
    windowUs += us;
  }

  const locate = sourceLocator();
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, { name: string; where: string; ms: number }>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us / 1000);
    const where = locate(url, lineNumber, columnNumber);
    const name = functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { name, where, ms: 0 };
    entry.ms += us / 1000;
    byFunction.set(key, entry);
  }
  return {
    windowMs: windowUs / 1000,
    idleMs: idleUs / 1000,
    packages: [...byPackage].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms),
    functions: [...byFunction.values()].sort((a, b) => b.ms - a.ms),
  };
}
