-- FA(3) Podmiot3 of a JST or VAT-group buyer (docs/invoices.md): the contract's buyer (company,
-- nip, company_address) is the local government (gmina, powiat …) or the VAT group, and this is
-- the unit that receives the invoice — the subordinate unit of the JST (role 8) or the group's
-- member (role 10) — as JSON {"name", "nip", "address"}; NULL for every other buyer.
ALTER TABLE contracts ADD COLUMN buyer_unit TEXT;
