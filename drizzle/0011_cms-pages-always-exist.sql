-- The three CMS pages always exist (DESIGN.md §5: getcmss answers all three, empty until written),
-- so an API client finds them on a fresh database without demo data. English is the version
-- visitors fall back to; other languages are created by their first save. Pages that already have
-- an English version (demo data, an admin's text) are left exactly as they are.
INSERT INTO "cms_pages" ("slug", "locale", "title", "content")
VALUES
  ('about-us', 'en', 'About Us', ''),
  ('privacy-policy', 'en', 'Privacy Policy', ''),
  ('terms-and-conditions', 'en', 'Terms and Conditions', '')
ON CONFLICT ("slug", "locale") DO NOTHING;
