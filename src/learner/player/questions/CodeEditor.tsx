import { python } from '@codemirror/lang-python';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

/**
 * The code editor (spec 2 §9: Python by default, 40vh, font 16). Its own module, loaded
 * lazily by CodeForm, so CodeMirror is fetched only when a code question is shown.
 */
export default function CodeEditor({ value, onChange, readOnly, language, label }: { value: string; onChange: (v: string) => void; readOnly: boolean; language: string; label: string }) {
  // only Python is run by the sandbox today; another language is shown without highlighting
  const extensions = useMemo(() => (language === 'python' || !language ? [python()] : []), [language]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      editable={!readOnly}
      readOnly={readOnly}
      height="40vh"
      style={{ fontSize: 16 }}
      basicSetup={{ lineNumbers: true, foldGutter: false }}
      aria-label={label}
      data-testid="code-editor"
    />
  );
}
