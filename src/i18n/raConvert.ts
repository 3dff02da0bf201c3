type Messages = { [key: string]: string | Messages };

/** A polyglot text (`%{name}`) in the catalogue's form (`{{name}}`). */
const convertText = (text: string) => text.replace(/%\{([a-zA-Z0-9-_]*)\}/g, (_, name: string) => `{{${name}}}`);

/**
 * react-admin's polyglot messages in the catalogue's form. Plurals (`one |||| other`, Russian
 * `one |||| few |||| many`) are written out as `_one`/`_few`/`_many`/`_other`.
 */
export function convertRaMessages(messages: Messages, plural: 'english' | 'russian'): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') {
      out[key] = convertRaMessages(value, plural);
      continue;
    }
    const forms = value.split(' |||| ').map(convertText);
    if (forms.length === 1) out[key] = forms[0];
    else if (plural === 'english') Object.assign(out, { [`${key}_one`]: forms[0], [`${key}_other`]: forms[1] });
    else {
      const [one, few, many = few] = forms;
      Object.assign(out, { [`${key}_one`]: one, [`${key}_few`]: few, [`${key}_many`]: many, [`${key}_other`]: few });
    }
  }
  return out;
}
