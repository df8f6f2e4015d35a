// Vite's `?raw` imports, which the worker tests use to read a documentation file inside workerd.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
