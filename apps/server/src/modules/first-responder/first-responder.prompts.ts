// What the first responder asks the model and what it writes itself. Pure. The answer's instructions reuse
// the composer's rules (material between markers is never obeyed; no refunds, prices or dates that the
// articles do not state) and add the first responder's own: articles only, and the word HANDOVER when they
// do not answer the question.
import { TEXT_LANGUAGE_NAMES, type TextLanguage } from '@sabai/domain';
import type { FirstResponderHandOverReason } from '@sabai/contracts';
import type { AiMessage } from '../ai';
import {
  conversationText,
  MATERIAL_RULE,
  NO_PROMISES,
  referencesText,
  type ConversationLine,
} from '../assist';

/** What the model answers when the articles do not answer the customer: the first responder hands over. */
export const HAND_OVER_ANSWER = 'HANDOVER';

/** Words a customer asks for a person with, matched like automation keywords (Latin words whole). */
export const ASKS_FOR_PERSON = [
  'ขอคุยกับพนักงาน',
  'คุยกับพนักงาน',
  'คุยกับคน',
  'ขอคุยกับเจ้าหน้าที่',
  'คุยกับเจ้าหน้าที่',
  'ขอสายเจ้าหน้าที่',
  'agent',
  'human',
  'real person',
  'talk to a person',
  'speak to someone',
] as const;

/** The first responder's answer to the customer: from the articles only, in the customer's language. */
export function answerPrompt(input: {
  organizationName: string;
  conversation: readonly ConversationLine[];
  articles: ReadonlyArray<{ title: string; text: string }>;
  customerLanguage: TextLanguage | null;
}): AiMessage[] {
  const language = input.customerLanguage ? TEXT_LANGUAGE_NAMES[input.customerLanguage] : 'Thai';
  return [
    {
      role: 'system',
      content:
        `You are the automatic first responder of ${input.organizationName}, answering a customer in chat ` +
        `while no agent is available. Answer the customer's latest question in ${language} only, short, ` +
        `warm and professional, as a chat message (no subject, no signature). Use only facts stated in the ` +
        `reference material (knowledge base articles); never guess, never use other knowledge. If the ` +
        `material does not answer the question, answer exactly ${HAND_OVER_ANSWER} and nothing else. ` +
        `${NO_PROMISES} Do not say you are a person. ${MATERIAL_RULE}`,
    },
    {
      role: 'user',
      content: `${referencesText(input.articles)}\n\nConversation, oldest first:\n${conversationText(input.conversation)}`,
    },
  ];
}

/** Whether the model said it cannot answer from the articles. */
export const saysHandOver = (answer: string) =>
  answer
    .trim()
    .replace(/[.!"'`*]/g, '')
    .toUpperCase() === HAND_OVER_ANSWER || answer.trim() === '';

type Language = 'th' | 'en';
/** The customer hears in Thai unless they write in another language (then English). */
export const customerTextLanguage = (language: TextLanguage | null): Language =>
  language === null || language === 'th' ? 'th' : 'en';

/** The message a customer gets when the first responder hands over (after the label). */
export const HAND_OVER_MESSAGE: Record<Language, string> = {
  th: 'ขอบคุณที่ติดต่อมาค่ะ เราส่งเรื่องของคุณให้เจ้าหน้าที่แล้ว เจ้าหน้าที่จะตอบกลับโดยเร็วที่สุดค่ะ',
  en: 'Thank you for your message. We have passed it to our team, and a person will reply as soon as possible.',
};

const REASONS: Record<Language, Record<FirstResponderHandOverReason, string>> = {
  th: {
    askedForPerson: 'ลูกค้าขอคุยกับเจ้าหน้าที่',
    handOverWord: 'ลูกค้าใช้คำที่กำหนดให้ส่งต่อ',
    notConfident: 'ไม่พบบทความที่ตอบคำถามได้',
    turnLimit: 'ตอบครบจำนวนครั้งแล้ว',
    aiFailed: 'AI ตอบไม่ได้ในขณะนี้ (ลูกค้าไม่ได้รับข้อความ)',
  },
  en: {
    askedForPerson: 'the customer asked for a person',
    handOverWord: 'the customer used a hand-over word',
    notConfident: 'no knowledge base article answers the question',
    turnLimit: 'the AI answered as many times as it may',
    aiFailed: 'the AI could not answer now (the customer got no message)',
  },
};

/** The private note agents read on hand-over: why, and a summary (the model's, or the customer's words). */
export function handOverNote(input: {
  language: Language;
  reason: FirstResponderHandOverReason;
  answers: number;
  summary: string | null;
  customerWords: readonly string[];
}) {
  const th = input.language === 'th';
  const head = th
    ? `🤖 AI ส่งต่อให้เจ้าหน้าที่: ${REASONS.th[input.reason]} (AI ตอบไปแล้ว ${input.answers} ครั้ง)`
    : `🤖 AI handed over: ${REASONS.en[input.reason]} (it answered ${input.answers} time${input.answers === 1 ? '' : 's'})`;
  if (input.summary) return `${head}\n${th ? 'สรุป' : 'Summary'}: ${input.summary}`;
  const words = input.customerWords.slice(-3).map((w) => `“${w.slice(0, 300)}”`);
  if (words.length === 0) return head;
  return `${head}\n${th ? 'ลูกค้าเขียนว่า' : 'The customer wrote'}: ${words.join(' ')}`;
}

/** A message to the customer under the channel's label. */
export const labelled = (label: string, text: string) => `${label}\n${text.trim()}`;
