// A file's text as a string, from Vite's `?raw` import (main's reports inline
// the theme's CSS): the bundlers and Vitest read it at build time.
declare module '*?raw' {
  const text: string;
  export default text;
}
