// Webpack-style resolve settings for dependency-cruiser (.dependency-cruiser.cjs): the web app's `@/` alias, as
// apps/web/tsconfig.json's `paths` and Vite's tsconfigPaths define it.
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'apps/web/src') } } };
