/**
 * Builds the sample art when its cache is missing or older than the sources (npm start runs it; the server's
 * seed does the same on its own when it finds no build). `npm run build -w @dwellscape/sample-art`
 */
import path from 'node:path';
import { ensureSampleArt, sampleArtCacheRoot, sampleArtSourceHash } from '../src/build';

const hash = sampleArtSourceHash();
let rendered = false;
const art = await ensureSampleArt({
  log: (message) => {
    rendered = true;
    console.log(message);
  },
});
if (!rendered) {
  const where = path.relative(process.cwd(), path.join(sampleArtCacheRoot, hash));
  console.log(`Sample art is up to date (${art.files.length} files in ${where}); skipping the build.`);
}
