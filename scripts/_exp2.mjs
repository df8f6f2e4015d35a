import { rollup } from 'rollup';
const { measure } = await import('./budgets.mjs');
process.env.KSEROWO_WIDGETS_OUT = '/tmp/cfg/out';
const { default: config } = await import('../rollup.config.mjs');
const variants = { base: config.output.manualChunks, ...Object.fromEntries(process.argv.slice(2).map((s, i) => [`v${i}`, new Function('id', s)])) };
const plugins = config.plugins.filter(Boolean).filter((p) => p.name !== 'kserowo-budgets');
const b = await rollup({ ...config, plugins, onwarn() {} });
for (const [name, fn] of Object.entries(variants)) {
  const { output } = await b.generate({ ...config.output, manualChunks: fn });
  const rows = measure(output);
  console.log(name, rows.map((r) => `${r.name}=${r.bytes}`).join(' '));
}
