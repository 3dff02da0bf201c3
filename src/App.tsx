// Placeholder: the <Admin> shell replaces this (issue 2, client shell).
export function App() {
  return <div>ELP</div>;
}
