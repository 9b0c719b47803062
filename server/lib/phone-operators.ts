/**
 * A mobile number's operator from its national prefix, as data (issue 33: the SMS reports show a
 * country and an operator per message). It names the operator that was given the number range:
 * a number ported to another operator keeps its prefix, so this is the original operator, which
 * is what the providers' own reports show too. Countries not listed here give no operator.
 *
 * Each entry: the national significant number's first digits (no trunk 0) -> operator name.
 * The longest matching prefix wins, so a range inside another can be named apart.
 */
export const MOBILE_OPERATOR_PREFIXES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Egypt: 010, 011, 012, 015.
  EG: { '10': 'Vodafone', '11': 'Etisalat (e&)', '12': 'Orange', '15': 'WE' },
  // Saudi Arabia: 05x; 057 is shared by the virtual operators.
  SA: {
    '50': 'STC',
    '53': 'STC',
    '55': 'STC',
    '54': 'Mobily',
    '56': 'Mobily',
    '58': 'Zain',
    '59': 'Zain',
    '570': 'Virgin Mobile',
    '571': 'Virgin Mobile',
    '572': 'Virgin Mobile',
    '576': 'Lebara',
    '577': 'Lebara',
    '578': 'Lebara',
  },
  // United Arab Emirates: 050, 054, 056 e&; 052, 055, 058 du.
  AE: { '50': 'e&', '54': 'e&', '56': 'e&', '52': 'du', '55': 'du', '58': 'du' },
  // Jordan: 077, 078, 079.
  JO: { '77': 'Orange', '78': 'Umniah', '79': 'Zain' },
};

/** The operator of `nationalNumber` in `country`, or null when the data has none. */
export function operatorOf(country: string, nationalNumber: string): string | null {
  const table = MOBILE_OPERATOR_PREFIXES[country];
  if (!table) return null;
  for (let length = Math.min(nationalNumber.length, 4); length > 0; length -= 1) {
    const operator = table[nationalNumber.slice(0, length)];
    if (operator) return operator;
  }
  return null;
}
