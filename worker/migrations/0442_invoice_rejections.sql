-- An invoice KSeF rejected, as it was sent, kept when the owner issues it again ('Wystaw ponownie',
-- worker/invoices/reissue.ts). KSeF never accepted it, so in law it was never issued (art. 106na of
-- the VAT Act): the invoice keeps its id and its number (the series stays without a gap,
-- art. 106e ust. 1 pkt 2) and gets the corrected data, a new issue date and a new XML; what was
-- rejected stays here, with KSeF's code and reason, for the accountant and the audit.
CREATE TABLE IF NOT EXISTS invoice_rejections (
  invoice_id   TEXT    NOT NULL,                       -- invoices.id (no foreign key: the retention deletes both)
  attempt      INTEGER NOT NULL,                       -- 1: the first version KSeF rejected, 2: the next …
  issue_date   TEXT    NOT NULL,                       -- as the rejected XML said (P_1)
  gross_gr     INTEGER NOT NULL,
  buyer_nip    TEXT,
  xml          TEXT    NOT NULL,                       -- the XML KSeF rejected, byte for byte
  xml_sha256   TEXT    NOT NULL,
  status_code  INTEGER,                                -- KSeF's code (450 …)
  error        TEXT,                                   -- KSeF's reason as the sender kept it
  reissued_by  TEXT    NOT NULL,
  reissued_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (invoice_id, attempt)
);
