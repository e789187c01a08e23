// The version `hpa-sim --version` prints: the package's own (bundled into dist-cli by esbuild).
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
