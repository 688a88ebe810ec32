//! The crates' modules stand on floors: an arrow between two modules points one way only.
//!
//! Each crate's source is read as the compiler reads its modules (from `lib.rs`, through every
//! `mod` declaration, whatever its `cfg`, leaving out `#[cfg(test)]` items), and every path in
//! its code — in items, bodies, attributes and macro calls — is resolved, through the `use`
//! declarations and re-exports it passes, to the file that defines what it names. Two kinds of
//! arrows come out: between files, and between the crate's top-level modules (the folders and
//! files beside `lib.rs`). The tests fail on any circle of either kind, with no exception list,
//! and on any top-level module that uses one declared after it in `lib.rs`: the order of the
//! declarations there is the order of the floors, bottom first.
//!
//! A `use` in a module of what that module holds itself (a folder's `mod.rs` re-exporting its
//! files) is the module's face, not an arrow; every other `use` is one. Method calls are not
//! seen (they name no path), so a type's methods split across files tie nothing here.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::visit::Visit;

/// The crates of the workspace whose modules are held to floors.
const CRATES: [&str; 4] = [
    "elicit-runtime",
    "elicit-derive",
    "elicit-grammar",
    "elicit-core",
];

type ModId = usize;

/// What a path names, once resolved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Target {
    /// A module itself.
    Module(ModId),
    /// An item defined in a module.
    Item(ModId),
}

/// A `use` of one name, to be resolved from the module that declares it.
#[derive(Clone, Debug)]
struct Import {
    from: ModId,
    path: Vec<String>,
}

#[derive(Debug, Default)]
struct Module {
    /// `["crate", "read", "field"]`.
    path: Vec<String>,
    parent: Option<ModId>,
    file: usize,
    children: BTreeMap<String, ModId>,
    items: BTreeSet<String>,
    imports: BTreeMap<String, Import>,
    globs: Vec<Import>,
}

/// A path found in a module's code, or in one of its `use` declarations.
struct Reference {
    from: ModId,
    path: Vec<String>,
    /// From a `use`: not an arrow when it re-exports what the module holds itself.
    is_use: bool,
}

struct Crate {
    name: &'static str,
    files: Vec<PathBuf>,
    modules: Vec<Module>,
    references: Vec<Reference>,
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "test")
    })
}

/// The `#[path = "…"]` of a `mod` declaration.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| match &attr.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) => Some(text.value()),
            _ => None,
        },
        _ => None,
    })
}

impl Crate {
    fn read(name: &'static str) -> Self {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(name)
            .join("src");
        let mut krate = Self {
            name,
            files: Vec::new(),
            modules: Vec::new(),
            references: Vec::new(),
        };
        let lib = root.join("lib.rs");
        let id = krate.new_module(vec!["crate".to_owned()], None, &lib);
        krate.read_file(id, &lib, &root);
        krate
    }

    fn new_module(&mut self, path: Vec<String>, parent: Option<ModId>, file: &Path) -> ModId {
        let file = match self.files.iter().position(|known| known == file) {
            Some(index) => index,
            None => {
                self.files.push(file.to_owned());
                self.files.len() - 1
            }
        };
        self.modules.push(Module {
            path,
            parent,
            file,
            ..Module::default()
        });
        self.modules.len() - 1
    }

    /// Reads the file of module `id`; `dir` is where its `mod x;` files are.
    fn read_file(&mut self, id: ModId, file: &Path, dir: &Path) {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        let parsed =
            syn::parse_file(&text).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        self.read_items(id, &parsed.items, file, dir);
        let mut visitor = Paths {
            krate: self,
            module: id,
        };
        for attr in &parsed.attrs {
            visitor.visit_attribute(attr);
        }
    }

    fn read_items(&mut self, id: ModId, items: &[syn::Item], file: &Path, dir: &Path) {
        for item in items {
            let (attrs, name): (&[syn::Attribute], Option<&syn::Ident>) = match item {
                syn::Item::Const(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Enum(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::ExternCrate(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Fn(i) => (&i.attrs, Some(&i.sig.ident)),
                syn::Item::Macro(i) => (&i.attrs, i.ident.as_ref()),
                syn::Item::Static(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Struct(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Trait(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::TraitAlias(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Type(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Union(i) => (&i.attrs, Some(&i.ident)),
                syn::Item::Impl(i) => (&i.attrs, None),
                syn::Item::ForeignMod(i) => (&i.attrs, None),
                syn::Item::Use(i) => (&i.attrs, None),
                syn::Item::Mod(i) => (&i.attrs, None),
                _ => (&[], None),
            };
            if is_cfg_test(attrs) {
                continue;
            }
            if let Some(name) = name {
                self.modules[id].items.insert(name.to_string());
            }
            match item {
                syn::Item::Mod(module) => self.read_mod(id, module, file, dir),
                syn::Item::Use(use_item) => {
                    self.read_use(id, &[], &use_item.tree);
                    let mut visitor = Paths {
                        krate: self,
                        module: id,
                    };
                    for attr in &use_item.attrs {
                        visitor.visit_attribute(attr);
                    }
                }
                _ => {
                    // Items and `use`s inside bodies count as the module's (close enough).
                    let mut nested = Nested {
                        krate: self,
                        module: id,
                    };
                    nested.visit_item(item);
                    let mut visitor = Paths {
                        krate: self,
                        module: id,
                    };
                    visitor.visit_item(item);
                }
            }
        }
    }

    fn read_mod(&mut self, parent: ModId, module: &syn::ItemMod, file: &Path, dir: &Path) {
        let name = module.ident.to_string();
        let mut path = self.modules[parent].path.clone();
        path.push(name.clone());
        match &module.content {
            Some((_, items)) => {
                let id = self.new_module(path, Some(parent), file);
                self.modules[parent].children.insert(name.clone(), id);
                self.read_items(id, items, file, &dir.join(&name));
            }
            None => {
                let (child_file, child_dir) = if let Some(explicit) = path_attr(&module.attrs) {
                    let child = dir.join(explicit);
                    let child_dir = child.parent().map(Path::to_owned).unwrap_or_default();
                    (child, child_dir)
                } else if dir.join(format!("{name}.rs")).exists() {
                    (dir.join(format!("{name}.rs")), dir.join(&name))
                } else {
                    (dir.join(&name).join("mod.rs"), dir.join(&name))
                };
                let id = self.new_module(path, Some(parent), &child_file);
                self.modules[parent].children.insert(name, id);
                self.read_file(id, &child_file, &child_dir);
            }
        }
    }

    fn read_use(&mut self, id: ModId, prefix: &[String], tree: &syn::UseTree) {
        let joined = |last: &syn::Ident| {
            let mut path = prefix.to_vec();
            path.push(last.to_string());
            path
        };
        match tree {
            syn::UseTree::Path(step) => self.read_use(id, &joined(&step.ident), &step.tree),
            syn::UseTree::Name(name) if name.ident == "self" => {
                if let Some(last) = prefix.last() {
                    self.import(id, last.clone(), prefix.to_vec());
                }
            }
            syn::UseTree::Name(name) => {
                self.import(id, name.ident.to_string(), joined(&name.ident))
            }
            syn::UseTree::Rename(rename) => {
                self.import(id, rename.rename.to_string(), joined(&rename.ident));
            }
            syn::UseTree::Glob(_) => {
                self.modules[id].globs.push(Import {
                    from: id,
                    path: prefix.to_vec(),
                });
                self.references.push(Reference {
                    from: id,
                    path: prefix.to_vec(),
                    is_use: true,
                });
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.read_use(id, prefix, tree);
                }
            }
        }
    }

    fn import(&mut self, id: ModId, name: String, path: Vec<String>) {
        if name == "_" {
            return;
        }
        self.references.push(Reference {
            from: id,
            path: path.clone(),
            is_use: true,
        });
        self.modules[id]
            .imports
            .insert(name, Import { from: id, path });
    }

    /// What `path`, written in module `from`, names; `None` for what lies outside the crate
    /// (the standard library, dependencies, generic parameters, local variables).
    fn resolve(&self, from: ModId, path: &[String], depth: usize) -> Option<Target> {
        if depth > 32 || path.is_empty() {
            return None;
        }
        let mut module = from;
        let mut rest = path;
        match path[0].as_str() {
            "crate" | "$crate" => {
                module = 0;
                rest = &path[1..];
            }
            "self" => rest = &path[1..],
            "super" => {
                while rest.first().is_some_and(|step| step == "super") {
                    module = self.modules[module].parent?;
                    rest = &rest[1..];
                }
            }
            "Self" => return None,
            _ => {}
        }
        self.walk(module, rest, depth)
    }

    fn walk(&self, module: ModId, path: &[String], depth: usize) -> Option<Target> {
        let Some((name, rest)) = path.split_first() else {
            return Some(Target::Module(module));
        };
        let here = &self.modules[module];
        if let Some(&child) = here.children.get(name) {
            return self.walk(child, rest, depth + 1);
        }
        if here.items.contains(name) {
            return Some(Target::Item(module));
        }
        if let Some(import) = here.imports.get(name) {
            return match self.resolve(import.from, &import.path, depth + 1)? {
                Target::Module(found) => self.walk(found, rest, depth + 1),
                item @ Target::Item(_) => Some(item),
            };
        }
        here.globs.iter().find_map(|glob| {
            let mut path = glob.path.clone();
            path.push(name.clone());
            match self.resolve(glob.from, &path, depth + 1)? {
                Target::Module(found) => self.walk(found, rest, depth + 1),
                item @ Target::Item(_) => Some(item),
            }
        })
    }

    fn is_within(&self, module: ModId, ancestor: ModId) -> bool {
        let mut at = Some(module);
        while let Some(id) = at {
            if id == ancestor {
                return true;
            }
            at = self.modules[id].parent;
        }
        false
    }

    /// The top-level module a module is in (`read` for `crate::read::field`); `None` for the
    /// crate root itself.
    fn top(&self, module: ModId) -> Option<&str> {
        self.modules[module].path.get(1).map(String::as_str)
    }

    /// Every arrow: (from file, to file) and (from module, to module), each with the paths
    /// that make it.
    fn arrows(&self) -> Arrows {
        let mut arrows = Arrows::default();
        for reference in &self.references {
            let Some(target) = self.resolve(reference.from, &reference.path, 0) else {
                continue;
            };
            let to = match target {
                // A bare module name is not a path to anything (a local variable, say).
                Target::Module(_) if reference.path.len() == 1 => continue,
                Target::Module(id) | Target::Item(id) => id,
            };
            if reference.is_use && self.is_within(to, reference.from) {
                continue;
            }
            let said = reference.path.join("::");
            let (from_file, to_file) = (self.modules[reference.from].file, self.modules[to].file);
            if from_file != to_file {
                arrows
                    .files
                    .entry((from_file, to_file))
                    .or_default()
                    .insert(said.clone());
            }
            if let (Some(from_top), Some(to_top)) = (self.top(reference.from), self.top(to))
                && from_top != to_top
            {
                arrows
                    .modules
                    .entry((from_top.to_owned(), to_top.to_owned()))
                    .or_default()
                    .insert(said);
            }
        }
        arrows
    }

    fn file_name(&self, file: usize) -> String {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let path = &self.files[file];
        path.strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// The crate's top-level modules in the order `lib.rs` declares them.
    fn declared(&self) -> Vec<String> {
        let lib = std::fs::read_to_string(&self.files[0]).unwrap_or_default();
        let parsed = syn::parse_file(&lib).expect("lib.rs parses");
        parsed
            .items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Mod(module) if !is_cfg_test(&module.attrs) => {
                    Some(module.ident.to_string())
                }
                _ => None,
            })
            .collect()
    }
}

#[derive(Default)]
struct Arrows {
    files: BTreeMap<(usize, usize), BTreeSet<String>>,
    modules: BTreeMap<(String, String), BTreeSet<String>>,
}

/// Registers the items and `use`s inside bodies (a function's local `use`, say).
struct Nested<'k> {
    krate: &'k mut Crate,
    module: ModId,
}

impl<'ast> Visit<'ast> for Nested<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.krate.read_use(self.module, &[], &item.tree);
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_cfg_test(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }
}

/// Collects every path in code.
struct Paths<'k> {
    krate: &'k mut Crate,
    module: ModId,
}

impl Paths<'_> {
    fn push(&mut self, path: Vec<String>) {
        if !path.is_empty() {
            self.krate.references.push(Reference {
                from: self.module,
                path,
                is_use: false,
            });
        }
    }

    /// The paths in a macro's tokens: runs of identifiers joined by `::`.
    fn scan(&mut self, tokens: TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        let mut dollar = false;
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    if colons != 2 && !run.is_empty() {
                        let done = std::mem::take(&mut run);
                        self.push(done);
                    }
                    let name = ident.to_string();
                    run.push(if dollar && name == "crate" {
                        "$crate".to_owned()
                    } else {
                        name
                    });
                    colons = 0;
                    dollar = false;
                }
                TokenTree::Punct(punct) if punct.as_char() == ':' && !run.is_empty() => {
                    colons += 1;
                }
                TokenTree::Punct(punct) => {
                    let done = std::mem::take(&mut run);
                    self.push(done);
                    colons = 0;
                    dollar = punct.as_char() == '$';
                }
                TokenTree::Group(group) => {
                    let done = std::mem::take(&mut run);
                    self.push(done);
                    colons = 0;
                    dollar = false;
                    if group.delimiter() != Delimiter::None || !group.stream().is_empty() {
                        self.scan(group.stream());
                    }
                }
                TokenTree::Literal(_) => {
                    let done = std::mem::take(&mut run);
                    self.push(done);
                    colons = 0;
                    dollar = false;
                }
            }
        }
        self.push(run);
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments = path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            self.push(segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan(mac.tokens.clone());
    }

    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // `#[doc = …]`, `#[cfg(…)]` and the like name no item of the crate; the tokens of any
        // other attribute might.
        if let syn::Meta::List(list) = &attr.meta
            && !list.path.is_ident("cfg")
            && !list.path.is_ident("cfg_attr")
            && !list.path.is_ident("doc")
        {
            self.scan(list.tokens.clone());
        }
    }

    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {}

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_cfg_test(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_cfg_test(&item.attrs) {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn circles<N: Ord + Clone>(nodes: &BTreeSet<N>, edges: &BTreeSet<(N, N)>) -> Vec<Vec<N>> {
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        on_stack: BTreeSet<N>,
        found: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(node: &N, edges: &BTreeSet<(N, N)>, state: &mut State<N>) {
        let at = state.index.len();
        state.index.insert(node.clone(), at);
        state.low.insert(node.clone(), at);
        state.stack.push(node.clone());
        state.on_stack.insert(node.clone());
        for (_, next) in edges.iter().filter(|(from, _)| from == node) {
            if !state.index.contains_key(next) {
                visit(next, edges, state);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node.clone(), low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node.clone(), low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = Vec::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(&top);
                let done = &top == node;
                component.push(top);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in nodes {
        if !state.index.contains_key(node) {
            visit(node, edges, &mut state);
        }
    }
    state.found
}

fn crates() -> Vec<(Crate, Arrows)> {
    CRATES
        .iter()
        .map(|name| {
            let krate = Crate::read(name);
            let arrows = krate.arrows();
            (krate, arrows)
        })
        .collect()
}

#[test]
fn no_circle_between_files() {
    let mut report = String::new();
    for (krate, arrows) in crates() {
        let nodes: BTreeSet<usize> = (0..krate.files.len()).collect();
        let edges: BTreeSet<(usize, usize)> = arrows.files.keys().copied().collect();
        for circle in circles(&nodes, &edges) {
            let _ = writeln!(
                report,
                "{}: a circle of {} files:",
                krate.name,
                circle.len()
            );
            for (pair, said) in &arrows.files {
                if circle.contains(&pair.0) && circle.contains(&pair.1) {
                    let names: Vec<&str> = said.iter().map(String::as_str).collect();
                    let _ = writeln!(
                        report,
                        "  {} -> {}: {}",
                        krate.file_name(pair.0),
                        krate.file_name(pair.1),
                        names.join(", ")
                    );
                }
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

#[test]
fn no_circle_between_modules() {
    let mut report = String::new();
    for (krate, arrows) in crates() {
        let nodes: BTreeSet<String> = krate.declared().into_iter().collect();
        let edges: BTreeSet<(String, String)> = arrows.modules.keys().cloned().collect();
        for circle in circles(&nodes, &edges) {
            let _ = writeln!(
                report,
                "{}: a circle of modules: {}",
                krate.name,
                circle.join(", ")
            );
            for ((from, to), said) in &arrows.modules {
                if circle.contains(from) && circle.contains(to) {
                    let names: Vec<&str> = said.iter().map(String::as_str).collect();
                    let _ = writeln!(report, "  {from} -> {to}: {}", names.join(", "));
                }
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

#[test]
fn each_module_uses_only_the_floors_declared_before_it() {
    let mut report = String::new();
    for (krate, arrows) in crates() {
        let declared = krate.declared();
        let floor = |name: &str| declared.iter().position(|known| known == name);
        for ((from, to), said) in &arrows.modules {
            if let (Some(low), Some(high)) = (floor(from), floor(to))
                && high > low
            {
                let names: Vec<&str> = said.iter().map(String::as_str).collect();
                let _ = writeln!(
                    report,
                    "{}: `{from}` uses `{to}`, declared after it in lib.rs: {}",
                    krate.name,
                    names.join(", ")
                );
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// The reading itself: arrows this file knows are there are found, so that a reader that saw
/// nothing could not pass the tests above.
#[test]
fn the_reader_sees_the_arrows_it_must() {
    let all = crates();
    let (runtime, arrows) = &all[0];
    assert_eq!(runtime.name, "elicit-runtime");
    assert!(runtime.files.len() > 100, "{} files", runtime.files.len());
    for (from, to) in [
        ("read", "raw"),
        ("dialog", "state"),
        ("form", "read"),
        ("rmcp", "dialog"),
    ] {
        assert!(
            arrows
                .modules
                .contains_key(&(from.to_owned(), to.to_owned())),
            "{from} -> {to} not seen"
        );
    }
    // Through a re-export of the crate root (`crate::Elicit`) to the file that defines it.
    let elicit = runtime
        .files
        .iter()
        .position(|file| file.ends_with("form/elicit.rs"))
        .expect("form/elicit.rs");
    assert!(
        arrows
            .files
            .keys()
            .any(|&(from, to)| to == elicit && runtime.file_name(from).contains("dialog")),
        "no dialog file is seen to use `Elicit`"
    );
    // A circle is found when there is one.
    let nodes: BTreeSet<u8> = [1, 2, 3, 4].into();
    let edges: BTreeSet<(u8, u8)> = [(1, 2), (2, 3), (3, 1), (3, 4)].into();
    assert_eq!(circles(&nodes, &edges), vec![vec![1, 2, 3]]);
}
