// Runs golden cases inside real Pyodide (the pinned npm package) under Node,
// with the same Python glue as the site's Web Worker (moteur-python.js).
//
//   node tests/node/pyodide_golden.mjs ROUES_DIR CAS.json > SORTIES.json
//
// ROUES_DIR holds the wheels (browser_engine + icepool) made by
// generator.assets.build_wheels. CAS.json:
//   {"jeux": {"<jeu>": "<path of the JSON bundle>"},
//    "cas": [{"type": "valider", "jeu", "texte"} | {"type": "valider", "jeu", "octets_b64"}
//            | {"type": "calculer", "jeu", "calcul", "parametres"} | {"type": "des-libres", "requete"}]}
// Output: {"python": "<sys.version>", "pyodide": "<version>", "sorties": ["<glue JSON text>", ...],
//          "ms": [time of each case in Pyodide, for bench/bench_des_libres.py]}
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const ici = path.dirname(fileURLToPath(import.meta.url));
const racine = path.resolve(ici, "..", "..");

const [rouesDir, fichierCas] = process.argv.slice(2);
if (!rouesDir || !fichierCas) {
  console.error("usage : node tests/node/pyodide_golden.mjs ROUES_DIR CAS.json");
  process.exit(2);
}

const pyodideDir = path.join(racine, "node_modules", "pyodide");
if (!fs.existsSync(path.join(pyodideDir, "pyodide.mjs"))) {
  console.error("Pyodide absent de node_modules : lancez « make install » (npm ci).");
  process.exit(3);
}
const { loadPyodide, version } = await import(path.join(pyodideDir, "pyodide.mjs"));

// Same glue as the browser: evaluate moteur-python.js with a `self` object.
const glueJs = fs.readFileSync(
  path.join(racine, "site_overrides", "assets", "javascripts", "compendium", "moteur-python.js"),
  "utf-8",
);
const bac = { self: {} };
vm.runInNewContext(glueJs, bac);
const gluePython = bac.self.COMPENDIUM_PYTHON;

const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: (t) => console.error(t) });
for (const nom of fs.readdirSync(rouesDir).filter((n) => n.endsWith(".whl")).sort()) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(rouesDir, nom))), "wheel");
}
pyodide.runPython(gluePython);
const charger = pyodide.globals.get("charger_jeu");
const valider = pyodide.globals.get("valider_texte");
const calculer = pyodide.globals.get("calculer_json");
const desLibres = pyodide.globals.get("des_libres_json");

const { jeux, cas } = JSON.parse(fs.readFileSync(fichierCas, "utf-8"));
for (const [jeu, fichier] of Object.entries(jeux)) charger(jeu, fs.readFileSync(fichier, "utf-8"));

const ms = [];
const sorties = cas.map((c) => {
  const debut = performance.now();
  try {
    return executer(c);
  } finally {
    ms.push(performance.now() - debut);
  }
});

function executer(c) {
  if (c.type === "valider") {
    const entree = c.octets_b64 !== undefined ? new Uint8Array(Buffer.from(c.octets_b64, "base64")) : c.texte;
    return valider(c.jeu, entree);
  }
  if (c.type === "calculer") return calculer(c.jeu, c.calcul, JSON.stringify(c.parametres));
  if (c.type === "des-libres") return desLibres(JSON.stringify(c.requete));
  throw new Error("cas inconnu : " + c.type);
}

process.stdout.write(
  JSON.stringify({ python: pyodide.runPython("import sys; sys.version"), pyodide: version, sorties, ms }),
);
