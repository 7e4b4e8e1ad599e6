// components/build.mjs — bundles each mini app of `make components`
// (docs/components.md "How it runs") with esbuild, as pinned in
// components/package-lock.json:
//
//   node components/build.mjs APPS_DIR SITE_DIR NODE_MODULES
//
// Every folder APPS_DIR/LIB holds index.html and one entry, app.js or
// app.jsx; the bundle goes to SITE_DIR/LIB/app.js (and app.css when the
// entry imports CSS), next to a copy of index.html. Fonts and images that
// a library's CSS names are copied beside them. Vue apps compile their
// templates in the page (the `vue` import is Vue's full build). Packages
// and esbuild itself come from NODE_MODULES (components/.cache).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [apps, site, modules] = process.argv.slice(2);
if (!apps || !site || !modules) {
  console.error('usage: node components/build.mjs APPS_DIR SITE_DIR NODE_MODULES');
  process.exit(2);
}
const { build } = createRequire(path.resolve(modules, 'x.js'))('esbuild');
fs.mkdirSync(site, { recursive: true });
fs.copyFileSync(path.join(apps, 'index.html'), path.join(site, 'index.html'));
const libs = fs.readdirSync(apps).filter((d) => fs.statSync(path.join(apps, d)).isDirectory());
const failed = [];
await Promise.all(libs.map(async (lib) => {
  const dir = path.join(apps, lib);
  const entry = ['app.jsx', 'app.js'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  const out = path.join(site, lib);
  fs.mkdirSync(out, { recursive: true });
  fs.copyFileSync(path.join(dir, 'index.html'), path.join(out, 'index.html'));
  if (!entry) return;
  try {
    await build({
      entryPoints: { app: entry },
      outdir: out,
      bundle: true,
      format: 'esm',
      target: 'es2022',
      minify: false,
      logLevel: 'error',
      nodePaths: [path.resolve(modules)],
      jsx: 'automatic',
      loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file', '.png': 'file', '.gif': 'file' },
      alias: { vue: 'vue/dist/vue.esm-bundler.js' },
      define: {
        'process.env.NODE_ENV': '"production"',
        'process.env': '{}',
        __VUE_OPTIONS_API__: 'true',
        __VUE_PROD_DEVTOOLS__: 'false',
        __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      },
    });
  } catch (err) {
    failed.push(`${lib}: ${err.message.split('\n')[0]}`);
  }
}));
if (failed.length) {
  console.error('bundling failed:\n' + failed.join('\n'));
  process.exit(1);
}
console.error(`bundled ${libs.length} apps into ${site}`);
