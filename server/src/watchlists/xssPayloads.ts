/** Payloads from OWASP's XSS Filter Evasion Cheat Sheet, as an attacker would paste them into a description. */
export const OWASP_PAYLOADS = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"\`/+/onmouseover=1/+/[*/[]/+alert(42);//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=\`javascript:alert("RSnake says, 'XSS'")\`>`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>`,
  `<a href="jav\tascript:alert('XSS');">tab</a>`,
  `<a href="jav&#x09;ascript:alert('XSS');">encoded tab</a>`,
  `<a href="jav&#x0A;ascript:alert('XSS');">newline</a>`,
  `<a href=" &#14;  javascript:alert('XSS');">spaces</a>`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `<svg/onload=alert('XSS')>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4=">data</a>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<a href="vbscript:msgbox('XSS')">vb</a>`,
  `<A HREF="//www.google.com/">protocol relative</A>`,
  `<p style="x:expression(alert('XSS'))">expression</p>`,
  `<object data="javascript:alert('XSS')"></object>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<a href="javascript&colon;alert(1)">colon entity</a>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
];

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'a']);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = { a: new Set(['href', 'rel', 'target']), li: new Set(['data-list']) };

/**
 * Why stored HTML would be dangerous in a browser, or null when it is harmless:
 * only allowlisted tags and attributes, and links only to http, https or mailto.
 */
export function dangerIn(html: string): string | null {
  const tagPattern = /<(\/?)([^\s>/]*)([^>]*)>/g;
  const withoutTags = html.replace(tagPattern, '');
  if (withoutTags.includes('<') || withoutTags.includes('>')) return 'a raw angle bracket outside a tag';
  for (const match of html.matchAll(tagPattern)) {
    const [, closing, rawName, rest] = match;
    const name = rawName.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return `tag <${rawName}>`;
    if (closing) continue;
    const attributes = rest.replace(/\/$/, '');
    const attributePattern = /\s([a-z-]+)="([^"]*)"/g;
    if (attributes.replace(attributePattern, '').trim() !== '') return `unparsable attributes ${attributes}`;
    for (const [, attribute, value] of attributes.matchAll(attributePattern)) {
      if (!ALLOWED_ATTRIBUTES[name]?.has(attribute)) return `attribute ${attribute} on <${name}>`;
      if (attribute === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) return `link to ${value}`;
    }
  }
  return null;
}
