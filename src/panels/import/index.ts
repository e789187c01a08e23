// The traffic import dialog and its toolbar button. See README.md.
export { ImportTraffic } from './ImportTraffic.tsx';
