-- The volume estimate ('Nie wiem, ile drukuję') and the comparison with the
-- visitor's current contract, stored with the quote as JSON {inputs, result}. The result
-- is what the worker recomputed from the inputs (widgets/core/estimate-validation.ts),
-- never a figure sent by the browser. NULL: the quote came without one.
ALTER TABLE quotes ADD COLUMN estimate TEXT;
ALTER TABLE quotes ADD COLUMN comparison TEXT;
