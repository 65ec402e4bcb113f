-- Reserved for two-factor sign-in, which arrived later as 0014 (installations had already applied this one).
SELECT 1;
