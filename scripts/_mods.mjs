import { rollup } from 'rollup';
process.env.KSEROWO_WIDGETS_OUT = '/tmp/cfg/out';
const { default: config } = await import('../rollup.config.mjs');
const plugins = config.plugins.filter(Boolean).filter((p) => p.name !== 'kserowo-budgets' && p.name !== 'terser');
const b = await rollup({ ...config, plugins, onwarn() {} });
const { output } = await b.generate(config.output);
for (const c of output) if (c.type === 'chunk') {
  console.log('==', c.fileName);
  for (const [id, m] of Object.entries(c.modules).sort((a,b)=>b[1].renderedLength-a[1].renderedLength)) if (m.renderedLength>300) console.log('  ', m.renderedLength, id.replace(/.*node_modules\//,'nm/').replace(/.*configurator\//,''));
}
