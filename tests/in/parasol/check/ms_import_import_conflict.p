-- expect: MODULE_STRUCTURE_IMPORT_IMPORT_CONFLICT
package t.p;

module M is
  import com.io7m.parasol.Float;
  import t.q.Float;

end;
