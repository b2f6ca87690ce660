// An article as a chat reply: chats show no markdown, so its marks become plain text a customer reads well.

/** An article's markdown as chat text: bold marks and heading signs dropped, bullets as •. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^#{1,6}\s+/, '')
        .replace(/^(\s*)[-*+]\s+/, '$1• ')
        .replace(/\*\*([^*]+)\*\*/g, '$1'),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The article's title and text for the reply box. */
export function articleAsReply(article: { title: string; body: string }): string {
  return `${article.title}\n${plainText(article.body)}`;
}

/** The draft with the article added: after what is already typed, a blank line apart. */
export function withArticle(draft: string, article: { title: string; body: string }): string {
  const text = articleAsReply(article);
  return draft.trim() ? `${draft.trimEnd()}\n\n${text}` : text;
}
