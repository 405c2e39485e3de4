/// <reference types="vitest/config" />
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { paths, routeParams, type RouteName } from './src/lib/paths.ts';
import { consolePaths } from './src/console/paths.ts';
import { partnerPaths } from './src/partner/paths.ts';
import { indexIn } from './scripts/index-words.ts';

// One id for the builds of every language (scripts/build.mjs sets it).
const BUILD_ID = process.env.BUILD_ID ?? `dev-${Date.now().toString(36)}`;

/** The language this build speaks: the app is built once per language (scripts/build.mjs). */
const LANGUAGE = process.env.BUILD_LANGUAGE ?? 'zh-TW';
const DEFAULT_LANGUAGE = 'zh-TW';
const LOCALES = fileURLToPath(new URL('../locales', import.meta.url));

/**
 * The build's language: its catalogues (`@words/…`, compiled from Fluent's text to the runtime's
 * form, so the browser needs no parser), index.html's words (`%t:id%` from the shell's and the legal pages' catalogues,
 * `%lang%`), and the index's name: `index.html` for the default, `index.{lang}.html` for the others,
 * written beside it by the other builds.
 */
function words(): Plugin {
  return {
    name: 'words',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.ftl')) return null;
      return `export default ${JSON.stringify(new FluentResource(readFileSync(id, 'utf8')).body)};`;
    },
    transformIndexHtml: (html) => indexIn(html, LOCALES, LANGUAGE),
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const index = bundle['index.html'];
        if (LANGUAGE === DEFAULT_LANGUAGE || index?.type !== 'asset') return;
        delete bundle['index.html'];
        this.emitFile({ type: 'asset', fileName: `index.${LANGUAGE}.html`, source: index.source });
      },
    },
  };
}

/** Writes the route table (for the server's 404s) and the build id next to the app. */
function routeTableAndBuildInfo(): Plugin {
  return {
    name: 'route-table-and-build-info',
    apply: 'build',
    generateBundle() {
      // The app's routes, where a splat (`/ops/*`) stands for a table of its own: the console's,
      // the partner app's.
      const routes = [
        ...(Object.keys(paths) as RouteName[])
          .filter((name) => !paths[name].endsWith('*'))
          .map((name) => ({
            path: paths[name],
            ...(routeParams[name] ? { params: routeParams[name] } : {}),
          })),
        ...Object.values(consolePaths).map((path) => ({ path })),
        ...Object.values(partnerPaths).map((path) => ({ path })),
      ];
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify({ routes }) });
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ id: BUILD_ID, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/** The partner app's web app manifest in this build's language (`partner.{lang}.webmanifest`):
 * its name from the partner catalogue, so a phone's home screen says it in the partner's words. */
function partnerManifest(): Plugin {
  return {
    name: 'partner-manifest',
    apply: 'build',
    generateBundle() {
      const bundle = new FluentBundle(LANGUAGE, { useIsolating: false });
      bundle.addResource(new FluentResource(readFileSync(join(LOCALES, LANGUAGE, 'partner.ftl'), 'utf8')));
      const title = bundle.formatPattern(bundle.getMessage('title')?.value ?? '');
      const manifest = {
        name: title,
        short_name: title,
        lang: LANGUAGE,
        start_url: '/partner',
        scope: '/partner',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#154EC1',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      };
      this.emitFile({ type: 'asset', fileName: `partner.${LANGUAGE}.webmanifest`, source: JSON.stringify(manifest) });
    },
  };
}

/** Writes .br and .gz beside each text asset once at build time; the server sends what the
 * browser accepts, so no request pays for compression. The .gz is Zopfli's: still gzip, about 3.5 %
 * smaller than zlib's best, for the browsers that do not take Brotli. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json)$/.test(f));
      for (const file of files) {
        const path = join(options.dir ?? 'dist', file);
        // A chunk every language's build shares has one name (its hash): compressed once.
        if (existsSync(`${path}.br`) && /-[\w-]{8}\.js$/.test(file)) continue;
        const data = readFileSync(path);
        writeFileSync(`${path}.gz`, await zopfliGzip(data, { numiterations: 15 }));
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: quality }));
      }
    },
  };
}

/** Starts every chunk with V8's explicit compile hint (it must be the file's first line). A chunk
 * is either start-up code or a route's page, and runs as soon as it loads: Chrome then compiles its
 * functions while the file streams in, off the main thread, instead of on the main thread at each
 * function's first call. The task that evaluates the first script halves (79 → 41 ms here). */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions to the chunks' heads, and after minification, which drops comments.
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/** The first script imports the API chunk (protobuf-es, Connect, the transport, the catalogue's
 * client and loaders) dynamically, so that the browser evaluates it in a task of its own rather than in one
 * long task with React; index.html still fetches it at once, beside the first script. Fails the
 * build if the first script came to import it statically after all. */
function preloadApiChunk(): Plugin {
  let base = '/';
  return {
    name: 'preload-api-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const api = chunks.find((c) => c.name === 'api');
        if (!api) throw new Error('no api chunk: see codeSplitting in build.rolldownOptions');
        const entry = chunks.find((c) => c.isEntry);
        if (entry?.imports.includes(api.fileName)) {
          throw new Error(`the first script imports ${api.fileName} statically: see codeSplitting`);
        }
        const attrs = { rel: 'modulepreload', crossorigin: true, href: `${base}${api.fileName}` };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/** The client speaks gRPC-Web in its binary form only (lib/api/transport.ts), but Connect's
 * serializers choose binary or JSON when a call is made, so the bundler keeps protobuf's JSON
 * codec (about 5.5 kB of every page's gzip) for a branch that never runs. This rewrites that
 * choice to the binary one, and fails the build when an upgrade of Connect changed the text. */
function binaryProtobufOnly(): Plugin {
  const file = '@connectrpc/connect/dist/esm/protocol/serialization.js';
  const choice = /useBinaryFormat\s*\?\s*(createBinarySerialization\([^)]*\))\s*:\s*createJsonSerialization\([^)]*\)/g;
  return {
    name: 'binary-protobuf-only',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(file)) return null;
      const binary = code.replace(choice, '$1');
      if (code.match(choice)?.length !== 2) this.error(`${file} no longer chooses its format as expected`);
      return binary;
    },
  };
}

/** The chunks every page starts with (see preloadApiChunk). Only the listed modules: a group
 * that took its modules' dependencies along would take the shell's too (the store, the messages),
 * and the first script would import the API chunk for them. */
const firstChunks = {
  includeDependenciesRecursively: false,
  groups: [
    {
      // What only the operators' console uses stays out of the chunks every page starts with.
      // Not its charts' drawing (`chart.ts`, with Chart.js): that comes with the first chart.
      name: 'console',
      test: /src\/console\/(?!chart\.ts)|locales\/[^/]+\/console\.ftl|src\/gen\/booking\/v1\/(operator|report)_pb/,
      priority: 3,
    },

    {
      // The partner app: drivers', guides' and therapists' screens, in no customer's chunks.
      name: 'partner',
      test: /src\/partner\/|locales\/[^/]+\/partner\.ftl/,
      priority: 3,
    },
    {
      // The partners' contract (their job calls, job_pb, with it): the console's, the partner
      // app's and the order page's (a traveller following the job); a chunk of its own so
      // that neither loads the other's code, and evaluated before the console that imports it.
      // Protobuf's timestamps go with it, which both use: in the console's chunk, they made the
      // partner app load all of the console (issue 67); in a chunk of their own, every page's
      // first script would name one more file.
      name: 'partner-contract',
      test: /src\/gen\/booking\/v1\/(partner|job)_pb|node_modules\/@bufbuild\/protobuf\/dist\/esm\/wkt\/timestamp/,
      priority: 3,
    },
    {
      // The live stream: signed-in pages load it after the first paint, the console with itself.
      name: 'live',
      test: /src\/lib\/api\/live|src\/gen\/booking\/v1\/live_pb|node_modules\/@connectrpc\/connect\/dist\/esm\/((promise|callback|any)-client|protocol\/async-iterable)/,
      priority: 3,
    },
    {
      name: 'api',
      test: new RegExp(
        [
          'node_modules/@(bufbuild|connectrpc)/(?!connect-query/)',
          'src/gen/booking/v1/catalog_pb',
          // Refusals' details, read by the transport (an expired token) and every page's errors.
          'src/gen/google/rpc/',
          // Not the photo upload: the hotel-photo form and the partner app's no-show load it.
          'src/lib/api/(?!hooks|live|images)',
          'src/features/catalog/api/',
          'src/pages/catalog-loaders',
        ].join('|'),
      ),
      priority: 2,
    },
    { name: 'vendor', test: /node_modules\/(react|react-dom|scheduler|react-router|jotai)\//, priority: 1 },
    // The plan card stays with the catalogue's section on the home page, though the console's
    // preview uses it too: one chunk there, not two.
    // The plan's own page is not: it comes with its route.
    { name: 'category-section', test: /src\/features\/catalog\/components\/(?!plan-details|plan-filters)|src\/components\/rating/, priority: 1 },
  ],
};

export default defineConfig(({ command }) => ({
  plugins: [
    words(),
    react(),
    binaryProtobufOnly(),
    routeTableAndBuildInfo(),
    partnerManifest(),
    compileHints(),
    preloadApiChunk(),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID), __LANGUAGE__: JSON.stringify(LANGUAGE) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The build's language's words, beside the server's: one Fluent catalogue per part.
      '@words': join(LOCALES, LANGUAGE),
      // React Router's package points every bundler at its development build, warnings and all
      // (remix-run/react-router#12532); its production build sits beside it.
      ...(command === 'build' ? { 'react-router': fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) } : {}),
    },
  },
  server: {
    fs: { allow: ['.', '../locales'] },
    // `npm run dev` talks to the Rust server for the APIs.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/booking.v1.': 'http://127.0.0.1:8080',
      '/build.json': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    // The default language's build empties dist/; the others' write beside it.
    emptyOutDir: LANGUAGE === DEFAULT_LANGUAGE,
    // Every browser the build's target runs in preloads modules itself.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: firstChunks } },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
}));
