//! The end of checking: finding the entry function (by name, choosing among profile overloads),
//! the functions it reaches, recursion (forbidden, direct or mutual), and which diagnostics to
//! report (those of reached functions: "If a function is present in the source code, but not
//! called directly or indirectly by the top-level function, it is free to use capabilities that
//! are not supported by the current profile").

use super::calls::overload::profile_rank;
use super::program::{CheckedProgram, FunctionId};
use super::scope::Binding;
use super::Checker;
use pigment_diag::Diagnostic;
use std::collections::{HashMap, HashSet};

impl Checker<'_> {
    pub(super) fn finish(mut self) -> (CheckedProgram, Vec<Diagnostic>) {
        let entry = self.find_entry();
        self.program.entry = entry;
        let reached = self.reach(entry);
        self.program.reached = reached.clone();
        self.check_recursion(&reached);
        if let Some(e) = entry {
            self.check_entry_semantics(e);
        }
        let mut diags = std::mem::take(&mut self.diags);
        for f in &reached {
            if let Some(d) = self.function_diags.remove(f) {
                diags.extend(d);
            }
        }
        diags.sort_by_key(|d| d.primary.as_ref().map(|l| l.span.start));
        (self.program, diags)
    }

    fn find_entry(&mut self) -> Option<FunctionId> {
        let name = self.options.entry.clone();
        let profile = self.options.profile.clone();
        let overloads = match self.scopes.lookup(&name).map(|e| (e.item.clone(), e.span)) {
            Some((Binding::Functions(fs), _)) => fs,
            Some((_, span)) => {
                self.error(span, format!("the entry `{name}` must be a function"));
                return None;
            }
            None => {
                self.push(Diagnostic::error(format!(
                    "entry function `{name}` is not defined (choose another with the entry option)"
                )));
                return None;
            }
        };
        let mut defined: Vec<FunctionId> = overloads
            .iter()
            .copied()
            .filter(|&f| self.program.function(f).body.is_some())
            .filter(|&f| {
                profile_rank(self.program.function(f).profile.as_deref(), &profile).is_some()
            })
            .collect();
        if let Some(best) = defined
            .iter()
            .filter_map(|&f| profile_rank(self.program.function(f).profile.as_deref(), &profile))
            .max()
        {
            defined.retain(|&f| {
                profile_rank(self.program.function(f).profile.as_deref(), &profile) == Some(best)
            });
        }
        match defined[..] {
            [f] => {
                if self.program.function(f).is_static {
                    let span = self.program.function(f).name_span;
                    self.error(
                        span,
                        format!("the entry function `{name}` cannot be `static`"),
                    );
                }
                Some(f)
            }
            [] => {
                let span = self.program.function(overloads[0]).name_span;
                self.error(span, format!("entry function `{name}` is declared but never defined for profile `{profile}`"));
                None
            }
            [first, ..] => {
                let mut d = Diagnostic::error(format!(
                    "entry function `{name}` is overloaded; there must be one"
                ))
                .at(self.file, self.program.function(first).name_span);
                for &f in &defined[1..] {
                    d = d.with_label(
                        self.file,
                        self.program.function(f).name_span,
                        "another definition",
                    );
                }
                self.push(d);
                None
            }
        }
    }

    /// The entry and everything it calls (plus what global initializers call), callers first.
    fn reach(&self, entry: Option<FunctionId>) -> Vec<FunctionId> {
        let mut order: Vec<FunctionId> = Vec::new();
        let mut seen: HashSet<FunctionId> = HashSet::new();
        let mut work: Vec<FunctionId> = entry.into_iter().collect();
        work.extend(
            self.calls
                .iter()
                .filter(|c| c.caller.is_none())
                .map(|c| c.callee),
        );
        while let Some(f) = work.pop() {
            if !seen.insert(f) {
                continue;
            }
            order.push(f);
            for c in self.calls.iter().filter(|c| c.caller == Some(f)) {
                if !seen.contains(&c.callee) {
                    work.push(c.callee);
                }
            }
        }
        order
    }

    /// Reports each call that closes a cycle, with the cycle in a note.
    fn check_recursion(&mut self, reached: &[FunctionId]) {
        let mut graph: HashMap<FunctionId, Vec<(FunctionId, pigment_diag::Span)>> = HashMap::new();
        for c in &self.calls {
            if let Some(caller) = c.caller {
                graph.entry(caller).or_default().push((c.callee, c.span));
            }
        }
        let mut done: HashSet<FunctionId> = HashSet::new();
        let mut reported: HashSet<Vec<FunctionId>> = HashSet::new();
        for &root in reached {
            let mut path: Vec<FunctionId> = Vec::new();
            self.cycle_search(root, &graph, &mut path, &mut done, &mut reported);
        }
    }

    fn cycle_search(
        &mut self,
        f: FunctionId,
        graph: &HashMap<FunctionId, Vec<(FunctionId, pigment_diag::Span)>>,
        path: &mut Vec<FunctionId>,
        done: &mut HashSet<FunctionId>,
        reported: &mut HashSet<Vec<FunctionId>>,
    ) {
        if done.contains(&f) {
            return;
        }
        path.push(f);
        for &(callee, span) in graph.get(&f).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(pos) = path.iter().position(|&p| p == callee) {
                let mut cycle = path[pos..].to_vec();
                let mut key = cycle.clone();
                key.sort();
                if reported.insert(key) {
                    cycle.push(callee);
                    let names: Vec<String> = cycle
                        .iter()
                        .map(|&c| format!("`{}`", self.program.function(c).name))
                        .collect();
                    let name = &self.program.function(callee).name;
                    let message = if cycle.len() == 2 {
                        format!("`{name}` calls itself; Cg does not allow recursion")
                    } else {
                        format!("recursive call to `{name}`; Cg does not allow recursion")
                    };
                    let d = Diagnostic::error(message)
                        .at(self.file, span)
                        .with_note(format!("the cycle: {}", names.join(" calls ")));
                    self.push(d);
                }
            } else {
                self.cycle_search(callee, graph, path, done, reported);
            }
        }
        path.pop();
        done.insert(f);
    }
}
