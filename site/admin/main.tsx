/** Entry of the admin panel script (bundled apart from the public widgets). */
import { render } from 'preact';
import { App } from './App.tsx';

const root = document.getElementById('admin');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
