/** A file imported as its text (`import text from './samples/x.sta?raw'`), as Vite and the tests read samples. */
declare module '*?raw' {
  const text: string;
  export default text;
}
