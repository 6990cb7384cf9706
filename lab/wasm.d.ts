// The wasm module imported as bytes: scripts/build-lab.sh bundles it into
// dist/lab.js with esbuild's `binary` loader (a Uint8Array).
declare module "*.wasm" {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
