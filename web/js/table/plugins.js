// A game's own pieces at the table (its web plug-in: Minchiate's setup, declaration
// chooser, resti meter, log lines and sheet rows), loaded by the name the game's
// description gives (the catalogue's `plugin`, from data/site.json) when its table opens:
// the generic modules import no game's module, they ask here. A plug-in module exports
// any of these hooks:
//   renderSetup(box, snap, view)          what happened before play (snap.setup)
//   showDeclareChooser(box, snap, {onDeclare})  a declaration step
//   meterView(snap, view)                 a panel of the scores box (snap.meter)
//   eventText(event, ctx)                 an event the narrator does not know, in words (or null)
//   declareName(action)                   a declaration action in words
//   sheetRows(sheet, order, label), mattoNote(sheet, teamName)  a sheet scored its own way
//   showPlayChooser(snap, box, tableEl, code, options, {onChoose, onCancel})  a card with several plays
//   sheetDetail(key, lines, {sheet, order, teamName})  a sheet line's detail in words, the sides
//                                         in the columns' order (or "": the generic one)

const loaded = new Map(); // plug-in name → module

/** Loads (once) the plug-in of `game` (a catalogue entry); resolves with it, or null when
 * the game has none. */
export async function loadPluginFor(game) {
  const name = game && game.plugin;
  if (!name) return null;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad plug-in name ${name}`);
  if (!loaded.has(name)) loaded.set(name, await import(`./plugins/${name}.js`));
  return loaded.get(name);
}

/** The loaded plug-in of `game` (a catalogue entry), or null. */
export function pluginFor(game) {
  return (game && game.plugin && loaded.get(game.plugin)) || null;
}

/** The first answer (not null or undefined) of hook `name` among the loaded plug-ins, for
 * the callers that know no game (the narrator, a move's name); null when none answers. */
export function askPlugins(name, ...args) {
  for (const module of loaded.values()) {
    if (typeof module[name] !== "function") continue;
    const out = module[name](...args);
    if (out !== null && out !== undefined) return out;
  }
  return null;
}
