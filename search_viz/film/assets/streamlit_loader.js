// The film player's entry in a Streamlit page (custom component v2): it loads the player,
// player.js, from the file the page names in the component's data (`player`), and hands the
// component to it. Streamlit sends a component's script in every message that shows it; this
// loader is a few hundred bytes, where the player is about 100 kB. The browser fetches the
// player once per page (a file named by what it holds: kept a year behind deploy/nginx.conf)
// and every later message finds the module already loaded.
export default async function (component) {
  const where = new URL(component.data.player, document.baseURI).href;
  const { default: play } = await import(where);
  return play(component);
}
