import { rollup } from 'rollup';
import terser from '@rollup/plugin-terser';
const { measure } = await import('/work/wt/configurator/scripts/budgets.mjs');
process.env.KSEROWO_WIDGETS_OUT = '/tmp/cfg/out';
const { default: config } = await import('/work/wt/configurator/rollup.config.mjs');
const variants = JSON.parse(process.argv[2]);
for (const [name, opts] of Object.entries(variants)) {
  const plugins = config.plugins.filter(Boolean).filter((p) => p.name !== 'kserowo-budgets').map((p) => (p.name === 'terser' ? terser(opts) : p));
  const b = await rollup({ ...config, plugins, onwarn() {} });
  const { output } = await b.generate(config.output);
  const rows = measure(output).filter((r) => r.budget);
  console.log(name, rows.map((r) => `${r.name}=${r.bytes}`).join(' '));
}
