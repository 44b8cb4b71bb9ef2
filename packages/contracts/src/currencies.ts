/**
 * The currencies money can be in: the ISO 4217 codes of national and regional currencies, with a few
 * recently withdrawn ones that older rounds may still carry (HRK, SLL, ZWL, ANG). Fund codes, precious
 * metals, bond-market units and the test and "no currency" codes (XTS, XXX) are left out, so that a code
 * such as "NAN" or "XXX" is refused everywhere a currency is taken.
 */
import { z } from 'zod';
import { rule } from './validation-messages';

const codes =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
  'GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD ' +
  'KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK ' +
  'NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS ' +
  'SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST ' +
  'XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL';

export const currencyCodes: readonly string[] = codes.split(' ');
const known = new Set(currencyCodes);
/** The same as a pattern, for checks that take one (form rules, URL parameters). */
export const currencyCodePattern = new RegExp(`^(?:${currencyCodes.join('|')})$`);

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && known.has(value);
}

/** A currency code as sent, exactly (the platform and bridges send upper case). */
export const currencyCodeSchema = z.string().refine(isCurrencyCode, rule('currency'));

/** A currency code as typed by a person: trimmed and upper-cased first. */
export const typedCurrencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, rule('currency'));
