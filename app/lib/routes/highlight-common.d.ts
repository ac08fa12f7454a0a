// highlight.js types its main entry only; its common build (about 35 languages) is the same API.
declare module "highlight.js/lib/common" {
  import hljs from "highlight.js";
  export default hljs;
}
