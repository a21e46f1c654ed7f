// Which game-icons.net silhouette (CC BY 3.0) each Minchiate trump and the Matto show,
// chosen by subject (the tarot-* icons follow the Rider–Waite numbering, not Minchiate's).
// scripts/build/card_icons.mjs copies exactly these icons into icons.js.
export const MINCHIATE_ICONS = {
  0: "tarot-00-the-fool",
  1: "tarot-01-the-magician", // Papa uno, the Bagatto
  2: "jewel-crown", // Papa due, the Granduca
  3: "tarot-04-the-emperor", // Papa tre, Emperor of the West
  4: "imperial-crown", // Papa quattro, Emperor of the East
  5: "tarot-06-the-lovers", // Papa cinque, Amore
  6: "tarot-14-temperance",
  7: "tarot-08-strength",
  8: "tarot-11-justice",
  9: "tarot-10-wheel-of-fortune",
  10: "tarot-07-the-chariot",
  11: "hourglass", // the Gobbo, Time
  12: "tarot-12-the-hanged-man",
  13: "tarot-13-death",
  14: "tarot-15-the-devil",
  15: "tarot-16-the-tower", // the Casa del Diavolo
  16: "anchor", // Speranza
  17: "snake", // Prudenza
  18: "jeweled-chalice", // Fede
  19: "heart-drop", // Carità
  20: "flame", // Fuoco
  21: "water-drop", // Acqua
  22: "earth-africa-europe", // Terra
  23: "whirlwind", // Aria
  24: "libra",
  25: "virgo",
  26: "scorpio",
  27: "aries",
  28: "capricorn",
  29: "sagittarius",
  30: "cancer",
  31: "pisces",
  32: "aquarius",
  33: "leo",
  34: "taurus",
  35: "gemini",
  36: "tarot-17-the-star",
  37: "tarot-18-the-moon",
  38: "tarot-19-the-sun",
  39: "tarot-21-the-world",
  40: "trumpet", // Trombe, Fame
};
