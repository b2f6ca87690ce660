// Validation of the `messages` array of reply and push (A.9–A.11, F.LINE 5), producing LINE's error details
// `[{message, property}]`. Only what an inbox sends is checked in depth; other types get their required fields.
import { isObject } from '../core/is-object';

/** One entry of LINE's `details` array. */
export interface LineErrorDetail {
  message: string;
  property: string;
}

const MESSAGE_TYPES = [
  'text',
  'textV2',
  'sticker',
  'image',
  'video',
  'audio',
  'location',
  'imagemap',
  'template',
  'flex',
  'coupon',
];

/** Text length in UTF-16 code units, the unit of LINE's 5000 limit (A.11: 🍎 counts 2). */
export function utf16Length(text: string): number {
  return text.length;
}

/** Appends the problems of a `messages` value to `details`. */
export function validateMessages(messages: unknown, details: LineErrorDetail[]): void {
  if (messages === undefined || messages === null) {
    details.push({ message: 'Must be specified', property: 'messages' });
    return;
  }
  if (!Array.isArray(messages)) {
    details.push({ message: 'Must be an array', property: 'messages' });
    return;
  }
  if (messages.length < 1 || messages.length > 5) {
    details.push({ message: 'Size must be between 1 and 5', property: 'messages' });
    return;
  }
  messages.forEach((message: unknown, index) => validateMessage(message, `messages[${index}]`, details));
}

function validateMessage(message: unknown, at: string, details: LineErrorDetail[]): void {
  if (!isObject(message)) {
    details.push({ message: 'Must be an object', property: at });
    return;
  }
  const type = message.type;
  if (type === undefined) {
    details.push({ message: 'Must be specified', property: `${at}.type` });
    return;
  }
  if (typeof type !== 'string' || !MESSAGE_TYPES.includes(type)) {
    details.push({
      message: `Must be one of the following values: [${MESSAGE_TYPES.join(', ')}]`,
      property: `${at}.type`,
    });
    return;
  }
  const field = (name: string) => message[name];
  switch (type) {
    case 'text':
    case 'textV2':
      checkText(field('text'), `${at}.text`, details);
      if (Array.isArray(field('emojis')) && (field('emojis') as unknown[]).length > 20) {
        details.push({ message: 'Size must be between 0 and 20', property: `${at}.emojis` });
      }
      checkOptionalString(field('quoteToken'), `${at}.quoteToken`, 1000, details);
      break;
    case 'image':
      checkHttpsUrl(field('originalContentUrl'), `${at}.originalContentUrl`, details);
      checkHttpsUrl(field('previewImageUrl'), `${at}.previewImageUrl`, details);
      break;
    case 'video':
      checkHttpsUrl(field('originalContentUrl'), `${at}.originalContentUrl`, details);
      checkHttpsUrl(field('previewImageUrl'), `${at}.previewImageUrl`, details);
      checkOptionalString(field('trackingId'), `${at}.trackingId`, 100, details);
      break;
    case 'audio':
      checkHttpsUrl(field('originalContentUrl'), `${at}.originalContentUrl`, details);
      checkPositiveInteger(field('duration'), `${at}.duration`, details);
      break;
    case 'location':
      checkString(field('title'), `${at}.title`, 100, details);
      checkString(field('address'), `${at}.address`, 100, details);
      checkNumber(field('latitude'), `${at}.latitude`, details);
      checkNumber(field('longitude'), `${at}.longitude`, details);
      break;
    case 'sticker':
      checkString(field('packageId'), `${at}.packageId`, 100, details);
      checkString(field('stickerId'), `${at}.stickerId`, 100, details);
      checkSendableSticker(field('packageId'), field('stickerId'), at, details);
      checkOptionalString(field('quoteToken'), `${at}.quoteToken`, 1000, details);
      break;
    case 'imagemap':
      checkHttpsUrl(field('baseUrl'), `${at}.baseUrl`, details);
      checkString(field('altText'), `${at}.altText`, 1500, details);
      checkObject(field('baseSize'), `${at}.baseSize`, details);
      break;
    case 'template':
      checkString(field('altText'), `${at}.altText`, 400, details);
      checkObject(field('template'), `${at}.template`, details);
      break;
    case 'flex':
      checkString(field('altText'), `${at}.altText`, 1500, details);
      checkObject(field('contents'), `${at}.contents`, details);
      break;
    case 'coupon':
      checkString(field('couponId'), `${at}.couponId`, 100, details);
      break;
  }
  checkQuickReply(field('quickReply'), `${at}.quickReply`, details);
  checkSender(field('sender'), `${at}.sender`, details);
}

/** LINE's "List of available stickers": package id → first and last sticker id. */
const SENDABLE_STICKERS: Record<string, [number, number]> = {
  '446': [1988, 2027],
  '789': [10855, 10894],
  '1070': [17839, 17878],
  '6136': [10551376, 10551399],
  '6325': [10979904, 10979927],
  '6359': [11069848, 11069871],
  '6362': [11087920, 11087943],
  '6370': [11088016, 11088039],
  '6632': [11825374, 11825397],
  '8515': [16581242, 16581265],
  '8522': [16581266, 16581289],
  '8525': [16581290, 16581313],
  '11537': [52002734, 52002773],
  '11538': [51626494, 51626533],
  '11539': [52114110, 52114149],
};

/** A bot may send only the listed stickers; LINE answers 400 for any other. */
function checkSendableSticker(
  packageId: unknown,
  stickerId: unknown,
  at: string,
  details: LineErrorDetail[],
): void {
  if (typeof packageId !== 'string' || typeof stickerId !== 'string') return;
  const range = SENDABLE_STICKERS[packageId];
  const id = Number(stickerId);
  if (!range || !/^\d+$/.test(stickerId) || id < range[0] || id > range[1])
    details.push({ message: 'Sticker is not available', property: `${at}.stickerId` });
}

function checkText(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined || value === null || value === '')
    details.push({ message: 'May not be empty', property });
  else if (typeof value !== 'string') details.push({ message: 'Must be a string', property });
  else if (utf16Length(value) > 5000)
    details.push({ message: 'Length must be between 0 and 5000', property });
}

function checkString(value: unknown, property: string, maxLength: number, details: LineErrorDetail[]): void {
  if (value === undefined || value === null) details.push({ message: 'Must be specified', property });
  else if (typeof value !== 'string') details.push({ message: 'Must be a string', property });
  else if (value === '') details.push({ message: 'May not be empty', property });
  else if (value.length > maxLength)
    details.push({ message: `Length must be between 1 and ${maxLength}`, property });
}

function checkHttpsUrl(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined || value === null) details.push({ message: 'Must be specified', property });
  else if (typeof value !== 'string' || !isUrlOf(value, ['https:']))
    details.push({ message: 'Must be a valid HTTPS URL', property });
  else if (value.length > 2000) details.push({ message: 'Length must be between 0 and 2000', property });
}

/** A whole URL with one of `schemes` and, for web schemes, a host; no spaces, which LINE wants encoded. */
function isUrlOf(value: string, schemes: string[]): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (!schemes.includes(url.protocol)) return false;
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname !== '' : true;
}

function checkOptionalString(
  value: unknown,
  property: string,
  maxLength: number,
  details: LineErrorDetail[],
): void {
  if (value !== undefined) checkString(value, property, maxLength, details);
}

function checkNumber(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined || value === null) details.push({ message: 'Must be specified', property });
  else if (typeof value !== 'number' || !Number.isFinite(value))
    details.push({ message: 'Must be a number', property });
}

function checkPositiveInteger(value: unknown, property: string, details: LineErrorDetail[]): void {
  checkNumber(value, property, details);
  if (typeof value !== 'number' || !Number.isFinite(value)) return;
  if (!Number.isInteger(value)) details.push({ message: 'Must be an integer', property });
  else if (value <= 0) details.push({ message: 'Must be greater than 0', property });
}

function checkObject(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined || value === null) details.push({ message: 'Must be specified', property });
  else if (!isObject(value)) details.push({ message: 'Must be an object', property });
}

function checkQuickReply(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined) return;
  const items = isObject(value) ? value.items : undefined;
  if (!Array.isArray(items) || items.length < 1 || items.length > 13) {
    details.push({ message: 'Size must be between 1 and 13', property: `${property}.items` });
    return;
  }
  items.forEach((item: unknown, index) => {
    const at = `${property}.items[${index}]`;
    if (!isObject(item)) {
      details.push({ message: 'Must be an object', property: at });
      return;
    }
    if (item.type !== 'action') details.push({ message: "Must be 'action'", property: `${at}.type` });
    if (item.imageUrl !== undefined) checkHttpsUrl(item.imageUrl, `${at}.imageUrl`, details);
    // A quick-reply button shows its label, so every action needs one (LINE's 20-character button).
    checkAction(item.action, `${at}.action`, { labelRequired: true, labelMax: 20 }, details);
  });
}

const ACTION_TYPES = [
  'postback',
  'message',
  'uri',
  'datetimepicker',
  'camera',
  'cameraRoll',
  'location',
  'richmenuswitch',
  'clipboard',
];
const PICKER_MODES = ['date', 'time', 'datetime'];

/** An action object (quick reply, templates, imagemaps): its type and the fields that type needs. */
function checkAction(
  action: unknown,
  at: string,
  label: { labelRequired: boolean; labelMax: number },
  details: LineErrorDetail[],
): void {
  if (action === undefined || action === null) {
    details.push({ message: 'Must be specified', property: at });
    return;
  }
  if (!isObject(action)) {
    details.push({ message: 'Must be an object', property: at });
    return;
  }
  const type = action.type;
  if (typeof type !== 'string' || !ACTION_TYPES.includes(type)) {
    details.push({
      message: `Must be one of the following values: [${ACTION_TYPES.join(', ')}]`,
      property: `${at}.type`,
    });
    return;
  }
  if (label.labelRequired) checkString(action.label, `${at}.label`, label.labelMax, details);
  else checkOptionalString(action.label, `${at}.label`, label.labelMax, details);
  switch (type) {
    case 'postback':
      checkString(action.data, `${at}.data`, 300, details);
      checkOptionalString(action.displayText, `${at}.displayText`, 300, details);
      checkOptionalString(action.text, `${at}.text`, 300, details);
      checkOptionalString(action.fillInText, `${at}.fillInText`, 300, details);
      break;
    case 'message':
      checkString(action.text, `${at}.text`, 300, details);
      break;
    case 'uri':
      if (typeof action.uri !== 'string' || !isUrlOf(action.uri, ['http:', 'https:', 'line:', 'tel:']))
        details.push({ message: 'Must be a valid URI', property: `${at}.uri` });
      else if (action.uri.length > 1000)
        details.push({ message: 'Length must be between 1 and 1000', property: `${at}.uri` });
      break;
    case 'datetimepicker':
      checkString(action.data, `${at}.data`, 300, details);
      if (typeof action.mode !== 'string' || !PICKER_MODES.includes(action.mode))
        details.push({
          message: `Must be one of the following values: [${PICKER_MODES.join(', ')}]`,
          property: `${at}.mode`,
        });
      break;
    case 'richmenuswitch':
      checkString(action.richMenuAliasId, `${at}.richMenuAliasId`, 32, details);
      checkString(action.data, `${at}.data`, 300, details);
      break;
    case 'clipboard':
      checkString(action.clipboardText, `${at}.clipboardText`, 1000, details);
      break;
  }
}

/** LINE refuses sender names that say "LINE" (or look like they do), in any letter case. */
const NAMES_LINE_REFUSES = /line/i;

function checkSender(value: unknown, property: string, details: LineErrorDetail[]): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    details.push({ message: 'Must be an object', property });
    return;
  }
  if (value.name !== undefined) {
    checkString(value.name, `${property}.name`, 20, details);
    if (typeof value.name === 'string' && NAMES_LINE_REFUSES.test(value.name))
      details.push({ message: 'Must not contain "LINE"', property: `${property}.name` });
  }
  if (value.iconUrl !== undefined) checkHttpsUrl(value.iconUrl, `${property}.iconUrl`, details);
}
