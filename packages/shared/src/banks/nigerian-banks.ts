/**
 * A Nigerian bank a merchant can settle to: its name, its CBN bank code (what payment APIs such as Paystack call
 * `code`), and the institution code its account numbers' NUBAN check digit is computed with (the three-digit CBN
 * code of a deposit money bank). Null for banks whose account numbers are not NUBAN-derived (the phone-number
 * accounts of mobile money operators), or whose institution code for the check we do not hold: only their length
 * and digits are checked.
 */
export interface NigerianBank {
  bankName: string;
  bankCode: string;
  nubanCode: string | null;
}

/** Commercial, merchant and non-interest banks licensed by the CBN, and the large fintech banks. */
export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  { bankName: 'Access Bank', bankCode: '044', nubanCode: '044' },
  { bankName: 'Citibank Nigeria', bankCode: '023', nubanCode: '023' },
  { bankName: 'Ecobank Nigeria', bankCode: '050', nubanCode: '050' },
  { bankName: 'Fidelity Bank', bankCode: '070', nubanCode: '070' },
  { bankName: 'First Bank of Nigeria', bankCode: '011', nubanCode: '011' },
  { bankName: 'First City Monument Bank', bankCode: '214', nubanCode: '214' },
  { bankName: 'Globus Bank', bankCode: '00103', nubanCode: null },
  { bankName: 'Guaranty Trust Bank', bankCode: '058', nubanCode: '058' },
  { bankName: 'Jaiz Bank', bankCode: '301', nubanCode: '301' },
  { bankName: 'Keystone Bank', bankCode: '082', nubanCode: '082' },
  { bankName: 'Kuda Bank', bankCode: '50211', nubanCode: null },
  { bankName: 'Lotus Bank', bankCode: '303', nubanCode: '303' },
  { bankName: 'Moniepoint MFB', bankCode: '50515', nubanCode: null },
  { bankName: 'OPay', bankCode: '999992', nubanCode: null },
  { bankName: 'Optimus Bank', bankCode: '107', nubanCode: '107' },
  { bankName: 'PalmPay', bankCode: '999991', nubanCode: null },
  { bankName: 'Parallex Bank', bankCode: '104', nubanCode: '104' },
  { bankName: 'Polaris Bank', bankCode: '076', nubanCode: '076' },
  { bankName: 'PremiumTrust Bank', bankCode: '105', nubanCode: '105' },
  { bankName: 'Providus Bank', bankCode: '101', nubanCode: '101' },
  { bankName: 'Signature Bank', bankCode: '106', nubanCode: '106' },
  { bankName: 'Stanbic IBTC Bank', bankCode: '221', nubanCode: '221' },
  { bankName: 'Standard Chartered Bank', bankCode: '068', nubanCode: '068' },
  { bankName: 'Sterling Bank', bankCode: '232', nubanCode: '232' },
  { bankName: 'SunTrust Bank', bankCode: '100', nubanCode: '100' },
  { bankName: 'TAJBank', bankCode: '302', nubanCode: '302' },
  { bankName: 'Titan Trust Bank', bankCode: '102', nubanCode: '102' },
  { bankName: 'Union Bank of Nigeria', bankCode: '032', nubanCode: '032' },
  { bankName: 'United Bank for Africa', bankCode: '033', nubanCode: '033' },
  { bankName: 'Unity Bank', bankCode: '215', nubanCode: '215' },
  { bankName: 'VFD Microfinance Bank', bankCode: '566', nubanCode: null },
  { bankName: 'Wema Bank', bankCode: '035', nubanCode: '035' },
  { bankName: 'Zenith Bank', bankCode: '057', nubanCode: '057' },
];
