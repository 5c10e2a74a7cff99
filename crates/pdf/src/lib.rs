//! Scoresheet and match report rendering (printpdf) from the domain scoresheet model.
//! Nothing here yet: the match report arrives with the matches capability.
