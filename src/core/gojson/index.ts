/** Go `encoding/json` (and the `fmt`/`strconv` bits opm prints) emulated over parsed JS values. */
export { GoJsonError, goTypeName, go, type GoType } from './types';
export { goUnmarshal, goDecode, goZero, foldName, type GoDecodeResult } from './unmarshal';
export { goBase64Error, goBase64ErrorOffset, decodeGoBase64 } from './base64';
export { goQuote, goFormatV, goFormatT, goFloatV, compareGoStrings } from './fmt';
export {
  goJsonMarshal,
  goJsonMarshalStruct,
  goJsonEncodeLine,
  goJsonString,
  goJsonIndent,
  goFloatJSON,
  utf8Length,
} from './encode';
export { goScanValue, type GoSyntaxProblem, type GoValueScan } from './scanner';
