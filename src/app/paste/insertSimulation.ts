// Appending a Simulation document to a text: after a `---` of its own, the text before it kept
// byte for byte (comments, trailing `...` markers included) except for its trailing blank lines.

export function withSimulationDocument(text: string, simulationYaml: string): string {
  const body = text.replace(/\s+$/, '');
  const snippet = simulationYaml.replace(/^\s*---\s*\n/, '').replace(/\s+$/, '');
  return body === '' ? `${snippet}\n` : `${body}\n---\n${snippet}\n`;
}
