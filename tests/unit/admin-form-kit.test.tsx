// The admin form kit renders the markup the views wrote by hand: the label's text (and its
// grey hint) then the control inside the label, so the text stays the control's accessible
// name; every other prop reaches the control; a marked field says so to screen readers.
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { CheckField, Field, FilterForm, SelectField } from '../../site/admin/form-kit.tsx';

describe('the admin form kit', () => {
  it('a field: the text, the hint one space after it, the input inside the label with its own props', () => {
    expect(
      renderToString(<Field label="Opis zmiany" hint="(opcjonalnie)" name="note" maxLength={200} value="x" />),
    ).toBe(
      '<label>Opis zmiany <span class="hint">(opcjonalnie)</span><input name="note" maxlength="200" value="x"/></label>',
    );
  });

  it('a field marked invalid says so, and names what describes it', () => {
    const html = renderToString(<Field label="Termin" id="due" invalid aria-describedby="due-question" />);
    expect(html).toBe('<label>Termin<input id="due" aria-describedby="due-question" aria-invalid="true"/></label>');
    expect(renderToString(<Field label="Termin" invalid={false} />)).toBe('<label>Termin<input/></label>');
  });

  it('a choice lists its [value, text] options in order, the start one selected in a form read from its data', () => {
    expect(
      renderToString(
        <SelectField
          label="Rola"
          name="role"
          selected="sales"
          options={[
            ['owner', 'Właściciel'],
            ['sales', 'Sprzedaż'],
          ]}
        />,
      ),
    ).toBe(
      '<label>Rola<select name="role"><option value="owner">Właściciel</option><option value="sales" selected>Sprzedaż</option></select></label>',
    );
  });

  it('a checkbox comes before its text', () => {
    expect(renderToString(<CheckField label="Tylko do sprawdzenia" checked />)).toBe(
      '<label class="check"><input checked type="checkbox"/> Tylko do sprawdzenia</label>',
    );
  });

  it('the filter form: its fields, then the submit button first in the row of buttons', () => {
    expect(
      renderToString(
        <FilterForm aria-label="Filtr" onSubmit={() => {}} actions={<a href="/x.csv">CSV</a>}>
          <Field label="Miesiąc" type="month" />
        </FilterForm>,
      ),
    ).toBe(
      '<form aria-label="Filtr" class="filters card"><label>Miesiąc<input type="month"/></label>' +
        '<div class="filter-actions"><button type="submit" class="button">Pokaż</button><a href="/x.csv">CSV</a></div></form>',
    );
  });
});
