// The installable command as a user gets it: `npm pack` of this repository, installed into an
// empty folder with no network (the tarball has no dependencies), then every command run from
// there: stdin, a Helm-rendered tree, JUnit and SARIF reports validated against their schemas,
// tune's worker threads, import, conform, and bad input (a binary file, a symlink loop, 10,000
// files) answered with one clear line each.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { ROOT, cliBundle } from './testing/cliBundle.ts';

const require = createRequire(import.meta.url);
const preset = (f: string) => readFileSync(join(ROOT, 'src/presets', f), 'utf8');

let home = '';
let bin = '';

function hpaSim(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: home,
    input: input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A `helm template` output tree: # Source comments, several documents a file, other kinds. */
function helmTree(dir: string) {
  const t = join(dir, 'rendered', 'shop', 'templates');
  mkdirSync(t, { recursive: true });
  writeFileSync(
    join(t, 'hpa.yaml'),
    `---
# Source: shop/templates/hpa.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: shop-web
  labels: { app.kubernetes.io/managed-by: Helm }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: shop-web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }
---
# Source: shop/templates/hpa.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: shop-api
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: shop-api }
  minReplicas: 1
  maxReplicas: 5
  metrics:
    - type: Resource
      resource: { name: memory, target: { type: Utilization, averageUtilization: 80 } }
`,
  );
  writeFileSync(
    join(t, 'service.yaml'),
    '---\n# Source: shop/templates/service.yaml\napiVersion: v1\nkind: Service\nmetadata: { name: shop-web }\nspec: { ports: [ { port: 80 } ] }\n',
  );
  writeFileSync(
    join(t, 'keda.yaml'),
    '---\n# Source: shop/templates/keda.yaml\napiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nmetadata: { name: worker }\nspec:\n  scaleTargetRef: { name: worker }\n  minReplicaCount: 1\n  maxReplicaCount: 8\n  triggers:\n    - type: cpu\n      metricType: Utilization\n      metadata: { value: "60" }\n',
  );
  copyFileSync(
    join(ROOT, 'tests/manifests/karmada-fhpa-resource-metrics.yaml'),
    join(t, 'federated.yaml'),
  );
  // Relative to the folder the command runs in, as a CI job names it.
  return 'rendered';
}

beforeAll(async () => {
  // The bundle this run built (once, shared with the MCP test), packed as `npm pack` packs it.
  const bundle = await cliBundle();
  mkdirSync(join(ROOT, 'dist-cli'), { recursive: true });
  copyFileSync(bundle, join(ROOT, 'dist-cli', 'hpa-sim.mjs'));
  if (existsSync(`${bundle}.LEGAL.txt`))
    copyFileSync(`${bundle}.LEGAL.txt`, join(ROOT, 'dist-cli', 'hpa-sim.mjs.LEGAL.txt'));
  const packs = mkdtempSync(join(tmpdir(), 'hpa-sim-pack-'));
  const packed = spawnSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', packs],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  expect(info!.files.map((f) => f.path).sort()).toEqual(
    [
      'README.md',
      'action.yml',
      'bin/hpa-sim.mjs',
      'dist-cli/hpa-sim.mjs',
      'dist-cli/hpa-sim.mjs.LEGAL.txt',
      'package.json',
    ].sort(),
  );
  home = mkdtempSync(join(tmpdir(), 'hpa-sim-home-'));
  // --offline: the tarball must install with no registry at all (it has no dependencies).
  const installed = spawnSync(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', join(packs, info!.filename)],
    { cwd: home, encoding: 'utf8' },
  );
  if (installed.status !== 0) throw new Error(`npm install failed: ${installed.stderr}`);
  bin = join(home, 'node_modules', '.bin', 'hpa-sim');
  writeFileSync(join(home, 'web.yaml'), preset('story-1-scale-up-fast.yaml'));
}, 240_000);

describe('the packed tarball, installed into an empty folder', () => {
  it('installs itself alone: every dependency is inside the bundle, none is fetched', () => {
    // A package under "dependencies" is fetched from the registry by every install (and fails
    // an offline one on a clean cache), though the bundle already carries it.
    const manifest = JSON.parse(
      readFileSync(join(home, 'node_modules', 'hpa-sim', 'package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(readdirSync(join(home, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual([
      'hpa-sim',
    ]);
  });

  it('--version, run, and run from stdin', () => {
    expect(hpaSim(['--version'])).toMatchObject({
      code: 0,
      out: `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`,
    });
    const run = hpaSim(['run', 'web.yaml']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/scale events \d+/);
    const piped = hpaSim(['run', '-', '--format', 'json'], preset('story-1-scale-up-fast.yaml'));
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.out).kpis).toEqual(
      JSON.parse(hpaSim(['run', 'web.yaml', '--format', 'json']).out).kpis,
    );
  });

  it('check on a Helm-rendered tree: every autoscaler, a JUnit report valid against its schema', async () => {
    const tree = helmTree(home);
    const r = hpaSim([
      'check',
      tree,
      '--max-reversals',
      '1000',
      '--max-peak-replicas',
      '1000',
      '--report',
      'junit',
    ]);
    expect(r.err).toContain(
      '4 autoscaler(s) in 4 file(s); 1 with no autoscaler skipped: 4 met every threshold, 0 did not, 0 invalid',
    );
    expect(r.code).toBe(0);
    const xsd = readFileSync(join(ROOT, 'src/cli/reporters/__schemas__/junit-4.xsd'), 'utf8');
    const valid = await validateXML({
      xml: [{ fileName: 'junit.xml', contents: r.out }],
      schema: [xsd],
    });
    expect(valid.errors).toEqual([]);
    expect(valid.valid).toBe(true);
    // One test case per autoscaler × threshold.
    expect(r.out.match(/<testcase /g)).toHaveLength(4 * 2);
    expect(r.out).toContain('classname="rendered/shop/templates/hpa.yaml#shop-api"');
  });

  it('SARIF 2.1.0, valid against its schema, each result at the manifest line', () => {
    const tree = helmTree(home);
    const r = hpaSim(['check', tree, '--max-peak-replicas', '2', '--report', 'sarif']);
    expect(r.code).toBe(1);
    const sarif = JSON.parse(r.out);
    const schema = require(
      join(
        dirname(require.resolve('@microsoft/jest-sarif/package.json')),
        'lib/schemas/sarif-2.1.0-rtm.5.json',
      ),
    );
    // The schema's language-tag pattern is not a valid `u` regular expression: read it without.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.version).toBe('2.1.0');
    const results = sarif.runs[0].results as {
      ruleId: string;
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
      }[];
    }[];
    const web = results.find((x) =>
      x.locations[0]!.physicalLocation.artifactLocation.uri.endsWith('hpa.yaml'),
    )!;
    expect(web.ruleId).toBe('max-peak-replicas');
    // shop-web's document starts at line 2 (after `---`).
    expect(
      results
        .filter((x) => x.locations[0]!.physicalLocation.artifactLocation.uri.endsWith('hpa.yaml'))
        .map((x) => x.locations[0]!.physicalLocation.region.startLine)
        .sort((a, b) => a - b),
    ).toEqual([2, 16]);
    const gh = hpaSim(['check', tree, '--max-peak-replicas', '2', '--report', 'github']);
    expect(gh.out).toMatch(
      /^::error file=.*hpa\.yaml,line=2,title=hpa-sim%3A HorizontalPodAutoscaler shop-web%3A --max-peak-replicas not met::peak replicas \d+ \(max 2\)$/m,
    );
  });

  it('--shard splits the tree: every autoscaler judged once over all shards', () => {
    const tree = helmTree(home);
    const names = [1, 2, 3].flatMap((i) => {
      const r = hpaSim([
        'check',
        tree,
        '--max-reversals',
        '1000',
        '--shard',
        `${i}/3`,
        '--report',
        'json',
      ]);
      return (JSON.parse(r.out).autoscalers as { name: string }[]).map((a) => a.name);
    });
    expect(names.sort()).toEqual(['keda-hpa-worker', 'nginx', 'shop-api', 'shop-web']);
  });

  it("tune's worker threads, import and conform work from the bundle", () => {
    const tune = hpaSim([
      'tune',
      'web.yaml',
      '--max-reversals',
      '5',
      '--budget',
      '6',
      '--workers',
      '2',
    ]);
    expect(tune.err).toContain('2 worker(s)');
    expect(tune.code).toBe(0);
    expect(tune.out).toContain('kind: HorizontalPodAutoscaler');
    writeFileSync(join(home, 'traffic.csv'), 'time,value\n0,10\n60,20\n120,15\n');
    const imp = hpaSim(['import', 'traffic.csv']);
    expect(imp.code).toBe(0);
    expect(imp.out).toContain('type: series');
    const vectors = readFileSync(
      join(ROOT, 'tests/conformance/vectors/worked-examples.jsonl'),
      'utf8',
    );
    writeFileSync(join(home, 'v.jsonl'), vectors.split('\n').slice(0, 20).join('\n'));
    const conform = hpaSim(['conform', 'v.jsonl']);
    expect(conform.code).toBe(0);
    expect(conform.out).toMatch(/^[1-9]\d* passed, 0 failed$/m);
  });

  it('bad input: a binary file, a symlink loop, 10,000 files — one clear line each', () => {
    const bad = join(home, 'bad');
    mkdirSync(join(bad, 'loop'), { recursive: true });
    writeFileSync(
      join(bad, 'blob.yaml'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0xff, 0xfe, 0x00, 0x01]),
    );
    symlinkSync('..', join(bad, 'loop', 'up'));
    symlinkSync('self', join(bad, 'self'));
    const r = hpaSim(['check', bad, '--max-reversals', '5']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('blob.yaml:1:5: error: the file is not valid UTF-8');
    expect(r.err).toMatch(/loop\/up: warning: skipped, a symlink back to .* \(a loop\)/);
    const many = join(home, 'many');
    mkdirSync(many);
    for (let i = 0; i < 10_000; i++)
      writeFileSync(
        join(many, `cm-${i}.yaml`),
        `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cm-${i} }\n`,
      );
    writeFileSync(join(many, 'hpa.yaml'), preset('story-1-scale-up-fast.yaml'));
    const m = hpaSim(['check', many, '--max-reversals', '5']);
    expect(m.out).toContain('1 autoscaler(s) in 10001 file(s); 10000 with no autoscaler skipped');
    expect(m.code).toBe(0);
    const none = hpaSim(['check', join(home, 'nowhere'), '--max-reversals', '5']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/nowhere: error: cannot read the file \(ENOENT\)$/m);
  });
});
